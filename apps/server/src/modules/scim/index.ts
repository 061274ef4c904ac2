// The public entry of the scim module: the composition imports only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.

export { scimRoutes } from './scim.routes';
export { createScimService, type ScimService } from './scim.service';
export { scimBaseUrl } from './scim-resources';
