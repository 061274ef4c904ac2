// The public entry of the ops module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { opsRoutes } from './ops.routes';
