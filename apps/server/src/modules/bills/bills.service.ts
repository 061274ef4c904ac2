import type { DbOrTx, Tx } from '../../db/client';
import type { NewOrder, NewOrderLine, OrderRow } from '../../db/schema';
import { recordAudit } from '../audit';
import { makeOpenAttemptDue } from './attempt-outcomes.repository';
import {
  adminEmails,
  adminEmailsOf,
  claimOverdueBills,
  markUnpaid,
  type OverdueBill,
} from './bill-batches.repository';
import { chargeDue, type PaidHook, retryPastDueBills } from './bill-charging';
import { confirmBillPayment, payBill } from './bill-payment';
import type { BillingDeps } from './billing-engine-options';
import {
  attemptOf,
  type BillWithLine,
  findById,
  findByKey,
  hasChargeInFlight,
  insertBill,
  insertBillsWithLines,
  insertLines,
  insertPaidAttempts,
  lockBill,
  paidChargeOf,
  subscriptionsOf,
} from './bills.repository';
import { carriesOf, markCarried, writeOffEndedCarries } from './carried-bills.repository';
import { insertBillsStartingCharges } from './first-attempts';
import { isVoidCardCharge } from './owed-bills.repository';
import * as subscriptionBills from './subscription-bills.repository';

export type { BillWithLine } from './bills.repository';

// What other modules ask of bills. Each takes the caller's database or transaction, so a bill written
// here commits together with the caller's own rows (docs/conventions.md, "Each table has one owner").

/**
 * A new bill, audited; null when the organization already has one with this idempotency key. The
 * caller announces it (announceBills) once its lines are written: its events list it as Billing
 * History does, by the subscriptions its lines name.
 */
export async function createBill(tx: DbOrTx, values: NewOrder): Promise<OrderRow | null> {
  const order = await insertBill(tx, values);
  if (order) await recordAudit(tx, 'bill.created', { after: order });
  return order;
}

/** The lines of a bill written after it (a checkout's, once its subscriptions exist). */
export const addBillLines = (tx: DbOrTx, orderId: number, lines: Omit<NewOrderLine, 'orderId'>[]) =>
  insertLines(tx, orderId, lines);

/** Bills of one line each, already settled (the editor's changes, the demo's history); their ids. */
export const createBillsWithLines = (tx: DbOrTx, bills: BillWithLine[]) => insertBillsWithLines(tx, bills);

/** The charges that paid already settled bills (the demo's history). */
export const recordPaidAttempts = (tx: DbOrTx, rows: Parameters<typeof insertPaidAttempts>[1]) =>
  insertPaidAttempts(tx, rows);

export const findBill = (db: DbOrTx, orderId: number) => findById(db, orderId);

/** An organization's bill by the idempotency key it was created with (a replayed checkout). */
export const findBillByKey = (db: DbOrTx, organizationId: number, key: string) =>
  findByKey(db, organizationId, key);

/** Row lock: a refund and the settling job never both change one bill. */
export const lockBillRow = (tx: Tx, orderId: number) => lockBill(tx, orderId);

/** The subscriptions a bill's lines name, in line order. */
export const subscriptionsOfBill = (db: DbOrTx, orderId: number) => subscriptionsOf(db, orderId);

/** The gateway's charge that paid a bill, or null (a bill paid by invoice). */
export const paidChargeOfBill = (db: DbOrTx, orderId: number) => paidChargeOf(db, orderId);

/** A charge attempt by its gateway key. */
export const attemptByKey = (db: DbOrTx, gatewayKey: string) => attemptOf(db, gatewayKey);

/** Whether an editor change's charge of this subscription still awaits its outcome. */
export const chargeInFlight = (db: DbOrTx, subscriptionId: number) => hasChargeInFlight(db, subscriptionId);

/** An open attempt the gateway answered about (a webhook) is charged again at once. */
export const makeAttemptDue = (db: DbOrTx, gatewayKey: string, now: Date) =>
  makeOpenAttemptDue(db, gatewayKey, now);

/**
 * Bills 14 days unpaid become UnPaid (docs/design.md §3), a batch at a time under row locks; the
 * caller deactivates their subscriptions in the same transaction.
 */
export async function markOverdueBillsUnpaid(tx: DbOrTx, now: Date, limit: number): Promise<OverdueBill[]> {
  const bills = await claimOverdueBills(tx, now, limit);
  await markUnpaid(tx, bills);
  return bills;
}

/**
 * What the billing engine and the payments made with the customer present ask of bills, built once
 * where the app is composed: each names the members it uses in its own type. The engine's steps take
 * the engine's transaction or its run's dependencies, so a batch's bills commit together with the
 * subscriptions' new periods.
 */
export function createBillsService(deps: Pick<BillingDeps, 'db' | 'clock' | 'gateway' | 'logger'>) {
  return {
    markOverdueBillsUnpaid,
    /** Small bills carried to the subscriptions' next bill (core's smallAmountOutcome). */
    carriedBillsOf: carriesOf,
    insertBillsStartingCharges,
    /** Carried bills taken into a new bill are settled by it. */
    settleCarriedBills: markCarried,
    /** Carried bills whose subscription ended, waiting for a next bill that will never come, are written off. */
    writeOffEndedCarriedBills: writeOffEndedCarries,
    chargeDue,
    retryPastDueBills,
    /** Pay on the Pay Bills page: a new attempt of the bill, charged on-session (docs/decisions/024). */
    payBill: (organizationId: number, orderId: number, onPaid: PaidHook) =>
      payBill(deps, organizationId, orderId, onPaid),
    /** The bank's challenge of a Pay Bills attempt has ended: the gateway says what became of it. */
    confirmBillPayment: (organizationId: number, orderId: number, onPaid: PaidHook) =>
      confirmBillPayment(deps, organizationId, orderId, onPaid),
  };
}
export type BillsService = ReturnType<typeof createBillsService>;

/** The administrators' addresses of an organization (the billing mails' recipients). */
export const billingContacts = (db: DbOrTx, organizationId: number) => adminEmails(db, organizationId);

/** The same for several organizations in one query: each organization's addresses by its id. */
export const billingContactsOf = (db: DbOrTx, organizationIds: number[]) =>
  adminEmailsOf(db, organizationIds);

// What the bills of one subscription say about it, for the offline license and for licensing's
// answers (docs/design.md §3, §5).

/** Whether a bill of the subscription is owed (Enable Offline waits for it); a void charge is not. */
export const hasOutstandingBill = (db: DbOrTx, subscriptionId: number) =>
  subscriptionBills.hasOutstandingBill(db, subscriptionId);

/** Whether a bill of the subscription passed its grace unpaid (its license stops, docs/design.md §3). */
export const hasOverdueUnpaidBill = (db: DbOrTx, subscriptionId: number) =>
  subscriptionBills.hasOverdueUnpaidBill(db, subscriptionId);

/** The start of the subscription's oldest period whose fee is not paid, or null: the paid periods end there. */
export const unpaidPeriodStartOf = (db: DbOrTx, subscriptionId: number) =>
  subscriptionBills.unpaidPeriodStartOf(db, subscriptionId);

/**
 * The condition a void card charge meets, for readers of bills elsewhere (Billing History leaves them
 * out): a read condition, so no other module writes a bill through it.
 */
export { isVoidCardCharge };
