// The public entry of the payments module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { paymentsRoutes } from './payments.routes';
export { createPaymentsService, type PaymentsService } from './payments.service';
