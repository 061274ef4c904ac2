// The public entry of the sso module: the composition imports only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { ssoRoutes } from './sso.routes';
export { createSsoService, type SsoService } from './sso.service';
export { createSsoOperatorService } from './sso-operator.service';
export { createSsoSweep } from './sso-sweep';
