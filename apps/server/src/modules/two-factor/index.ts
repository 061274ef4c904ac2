// The public entry of the two-factor module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { twoFactorRoutes } from './two-factor.routes';
export { createTwoFactorService, type TwoFactorService } from './two-factor.service';
export { twoFactorKey } from './two-factor-key';
