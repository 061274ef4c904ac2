// The public entry of the licensing module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.

export { createLeasesService, type LeasesService } from './leases.service';
export type { LicensePayload } from './license-file';
export { type SigningKeySource, signingKeySource } from './license-keys';
export type { LicenseRead } from './license-reads';
export { buildLicenseVectors, VECTORS_DIR } from './license-vectors';
export { licensingRoutes } from './licensing.routes';
export { createLicensingService } from './licensing.service';
export { createMachinesService } from './machines.service';
export { createOfflineActivationService } from './offline-activation.service';
export { releaseCodeOf, signUsageFile } from './offline-file-keys';
export { createOfflineLicenseService, type OfflineLicenseService } from './offline-license';
export { createOfflineUsageService } from './offline-usage.service';
export {
  assertLicensedHost,
  fileEntitlements,
  LicenseFileError,
  verifyLicenseFile,
} from './verify-license-file';
