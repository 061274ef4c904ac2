// The public entry of the api-tokens module: the composition imports only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { apiTokensRoutes } from './api-tokens.routes';
export { type ApiTokenService, createApiTokenService } from './api-tokens.service';
