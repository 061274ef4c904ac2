// The public entry of the catalog module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { catalogRepository, type PlanRow, toPlanDto } from './catalog.repository';
export { catalogRoutes } from './catalog.routes';
export {
  createPlan,
  createProduct,
  findPlan,
  planFields,
  setEula,
  setPlanAvailable,
  subscriberCount,
  updatePlan,
  updateProduct,
} from './catalog-admin';
export { exportCatalog, importCatalog } from './catalog-file';
export { catalogIsEmpty, opsCatalog, opsPlan, toOpsProduct } from './catalog-overview';
