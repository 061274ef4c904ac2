// The public entry of the billing-info module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { billingInfoRoutes } from './billing-info.routes';
export { type BillingInfoService, createBillingInfoService, updateCardOnFile } from './billing-info.service';
