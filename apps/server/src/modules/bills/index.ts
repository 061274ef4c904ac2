// The public entry of the bills module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.

export {
  type BillChange,
  closeBill,
  type RetryOutcome,
  recordBillPayment,
  retryBillNow,
} from './bill-collection';
export { billDtoColumns, toBillDto } from './bill-dto';
export { announceBills } from './bill-events';
export { openBills } from './bill-payment';
export {
  type BillingCycleCounts,
  type BillingDeps,
  type BillingLogger,
  type BillingOptions,
  emptyCounts,
  optionsOf,
} from './billing-engine-options';
export {
  addBillLines,
  attemptByKey,
  type BillsService,
  type BillWithLine,
  billingContacts,
  billingContactsOf,
  chargeInFlight,
  createBill,
  createBillsService,
  createBillsWithLines,
  findBill,
  findBillByKey,
  hasOutstandingBill,
  hasOverdueUnpaidBill,
  isVoidCardCharge,
  lockBillRow,
  makeAttemptDue,
  paidChargeOfBill,
  recordPaidAttempts,
  subscriptionsOfBill,
  unpaidPeriodStartOf,
} from './bills.service';
export {
  chargeCard,
  type FinalOutcome,
  openCardBill,
  settleCardBill,
  settledAfterAuthentication,
  settlePendingCardBills,
  waitingAuthentication,
} from './card-charge';
export * as documentPdf from './document-pdf';
export {
  createDunningSettingsService,
  type DunningSettingsService,
  readDunningSettings,
  saveDunningSettings,
} from './dunning-settings';
export { type PlannedAttempt, StartedBatches } from './first-attempts';
export { mailIssuedInvoices, remindUnpaidInvoices } from './invoice-mails';
export { type LateOverage, overageBill } from './overage-bill';
export { type DueSubscription, renewalBill } from './scheduled-bills';
