// The public entry of the operator-dashboard module (the console's home, docs/decisions/028): other
// modules and the composition import only this file (docs/ARCHITECTURE.md, "Modules").
export { operatorDashboardRoutes } from './operator-dashboard.routes';
export { createOperatorDashboardService, type OperatorDashboardService } from './operator-dashboard.service';
