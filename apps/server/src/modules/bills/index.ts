// The public entry of the bills module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { chargeDue, retryPastDueBills } from './bill-charging';
export { confirmBillPayment, openBills, payBill } from './bill-payment';
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
  type BillWithLine,
  billingContacts,
  carriedBillsOf,
  chargeInFlight,
  createBill,
  createBillsWithLines,
  findBill,
  findBillByKey,
  hasOutstandingBill,
  hasOverdueUnpaidBill,
  isVoidCardCharge,
  lockBillRow,
  makeAttemptDue,
  markOfflineInvoicePaid,
  markOverdueBillsUnpaid,
  paidChargeOfBill,
  recordPaidAttempts,
  settleCarriedBills,
  subscriptionsOfBill,
  unpaidPeriodStartOf,
  writeOffEndedCarriedBills,
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
export {
  drawHeading,
  drawParties,
  drawTotals,
  finishDocument,
  GREY,
  INK,
  RULE,
  SELLER_CONTACT,
  startDocument,
} from './document-pdf';
export { insertBillsStartingCharges, type PlannedAttempt, StartedBatches } from './first-attempts';
export { type DueSubscription, overageBill, renewalBill } from './scheduled-bills';
