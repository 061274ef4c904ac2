// The public entry of the system module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { systemRoutes } from './system.routes';
export { createSystemService } from './system.service';
