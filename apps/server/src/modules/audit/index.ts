// The public entry of the audit module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { asPerson, changeTime, commandLineActor, registerRequestActor, runAs } from './actor';
export { auditRoutes } from './audit.routes';
export { createAuditService, recordAudit } from './audit.service';
