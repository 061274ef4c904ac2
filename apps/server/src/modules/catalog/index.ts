// The public entry of the catalog module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { catalogRoutes } from './catalog.routes';
export { type CatalogService, createCatalogService } from './catalog.service';
export { planFields, priceChanged } from './catalog-admin';
export { toPlanDto } from './catalog-dto';
export { toOpsProduct } from './catalog-overview';
