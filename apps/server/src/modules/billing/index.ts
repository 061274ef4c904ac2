// The public entry of the billing module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { type BillCollections, createBillCollections } from './bill-collections';
export { billingRoutes } from './billing.routes';
export { type BillingService, createBillingService, describeOutstandingBills } from './billing.service';
export { type BillingDeps, type BillingEngine, createBillingEngine, type EngineCall } from './billing-engine';
export type { BillingEngineDeps } from './billing-engine-deps';
export { listBillingRuns } from './billing-runs';
export { invoiceAttachments } from './invoice-attachment';
export { reconcile, reconcileDifferences } from './reconcile';
export { readDemoClockOffset, startBillingScheduler, writeDemoClockOffset } from './scheduler';
