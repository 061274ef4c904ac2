// The public entry of the operator-console module (the operator's API under /api/ops): other modules
// and the composition import only this file (docs/ARCHITECTURE.md, "Modules"); everything else in the
// folder is the module's own.
export { createConsoleActionsService } from './console-actions.service';
export { operatorConsoleRoutes } from './operator-console.routes';
export { createOperatorConsoleService } from './operator-console.service';
