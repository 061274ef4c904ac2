// The public entry of the store module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.

export { createPurchaseService, type PurchaseService } from './purchase.service';
export { storeRoutes } from './store.routes';
