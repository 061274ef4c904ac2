// The public entry of the disputes module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { disputesRoutes } from './disputes.routes';
export {
  createDisputesService,
  type DisputesService,
  disputeOfBill,
  openDisputes,
} from './disputes.service';
