// The public entry of the identity module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { toOrganizationDto, toPersonDto } from './dto';
export { identityRoutes } from './identity.routes';
export { createIdentityService } from './identity.service';
export { createOwnSessionsService } from './own-sessions';
export { ownSessionsRoutes } from './own-sessions.routes';
export { createSessionService } from './session.service';
