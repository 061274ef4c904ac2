// The public entry of the refunds module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { creditNotesRoutes } from './credit-notes.routes';
export { recordGatewayMadeRefunds } from './gateway-made-refunds';
export { refundDifferences, settleOpenRefunds } from './refund-settling';
export { refundsRoutes } from './refunds.routes';
export {
  createRefundsService,
  creditNotesOf,
  listRefundsOfBill,
  type RefundsService,
} from './refunds.service';
