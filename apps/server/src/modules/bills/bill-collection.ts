import {
  type BillAction,
  BillStatus,
  billMentionFirst,
  closedBillStatus,
  collectionRefusal,
  formatUsd,
  isBillPaid,
  OpsBillMessages,
  OpsMessages,
} from '@store/core';
import type { Tx } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import { chargeDue, type PaidHook } from './bill-charging';
import {
  giveUpAgain,
  latestAttempt,
  lockCollectionFacts,
  makeBillDueNow,
} from './bill-collection.repository';
import { billsPaid } from './bill-events';
import { type BillingDeps, emptyCounts } from './billing-engine-options';
import { findById, moveStatus } from './bills.repository';

// The operator collects a bill (docs/decisions/029): records a payment received outside the card
// processor, voids it, writes it off as uncollectible, or charges the card again now. Each locks the
// bill and asks core's collection rule first, so of two operators acting at once one wins and the
// other is told why not; each change is audited in its transaction, in the screens' words.

/** The bill locked for `action`, refused in the console's words where the action does not apply. */
async function lockedFor(tx: Tx, orderId: number, action: BillAction): Promise<OrderRow> {
  const found = await lockCollectionFacts(tx, orderId);
  if (!found) throw notFound(OpsMessages.billNotFound(orderId));
  const refusal = collectionRefusal(action, found.facts);
  if (refusal) throw conflict(refusal);
  return found.order;
}

/** What names a bill in the refusals and the log (core's billMention). */
const naming = (order: OrderRow) => ({ orderId: order.id, invoiceNumber: order.invoiceNumber });

export interface BillChange {
  before: OrderRow;
  after: OrderRow;
}

/**
 * A payment of an unpaid bill received outside the card processor (a transfer, a cheque), card bill
 * or invoice, in its grace or past it, or written off: the bill is paid by invoice from now on
 * (OfflinePaid, so a refund of it is recorded rather than sent to a card), takes its invoice number
 * if it had none, and is receipted. The caller reactivates what its grace ended, in `tx`.
 */
export async function recordBillPayment(
  tx: Tx,
  now: Date,
  orderId: number,
  reference: string | null,
): Promise<BillChange> {
  const before = await lockedFor(tx, orderId, 'recordPayment');
  const after = await moveStatus(tx, orderId, before.status, {
    status: BillStatus.OfflinePaid,
    paidAt: now,
    paidReference: reference,
    nextAttemptAt: null,
  });
  if (!after) throw conflict(OpsBillMessages.changedMeanwhile(naming(before)));
  await recordAudit(tx, 'bill.updated', { before, after });
  await billsPaid(tx, [after], now);
  return { before, after };
}

/**
 * Voids an unpaid bill (never charged, nothing owed) or writes it off as uncollectible (unpaid in the
 * books, never charged or reminded again; its grace still ends its subscriptions), with the reason.
 */
export async function closeBill(
  tx: Tx,
  orderId: number,
  to: 'void' | 'writeOff',
  reason: string,
): Promise<BillChange> {
  const before = await lockedFor(tx, orderId, to);
  const after = await moveStatus(tx, orderId, before.status, {
    status: closedBillStatus(before.status, to),
    closedReason: reason,
    nextAttemptAt: null,
  });
  if (!after) throw conflict(OpsBillMessages.changedMeanwhile(naming(before)));
  await recordAudit(tx, 'bill.updated', { before, after });
  return { before, after };
}

export type RetryOutcome = 'paid' | 'declined' | 'pending';

/**
 * Charges a card bill again now, through the billing engine's own retry path: the bill is made due
 * (as a card update makes past-due bills due) and charged by chargeDue, which claims it (this bill
 * only) under the charge lease with its next attempt's key, so nothing here can charge it twice. A bill given up
 * after its grace is past due for this charge and, declined, given up again at once.
 */
export async function retryBillNow(
  deps: BillingDeps,
  orderId: number,
  onPaid: PaidHook,
): Promise<BillChange & { outcome: RetryOutcome }> {
  const startedAt = deps.clock.now();
  const before = await deps.db.transaction(async (tx) => {
    const order = await lockedFor(tx, orderId, 'retry');
    if (!(await makeBillDueNow(tx, order, startedAt)))
      throw conflict(OpsBillMessages.changedMeanwhile(naming(order)));
    return order;
  });
  const counts = emptyCounts();
  await chargeDue(deps, counts, onPaid, { orderId });
  return deps.db.transaction(async (tx) => {
    let after = (await findById(tx, orderId))!;
    // Another claimant (a second operator, the scheduler) took the bill between the two steps: it
    // charges it, not this call, which says so as the rule would have.
    if (counts.chargeAttempts === 0)
      throw conflict(
        isBillPaid(after.status)
          ? OpsBillMessages.alreadyPaid(naming(after))
          : OpsBillMessages.chargeInFlight(naming(after)),
      );
    if (before.status === BillStatus.UnPaid && after.status === BillStatus.ChargePastDue)
      after = (await giveUpAgain(tx, orderId)) ?? after;
    const attempt = await latestAttempt(tx, orderId);
    const outcome: RetryOutcome = isBillPaid(after.status)
      ? 'paid'
      : attempt?.status === 'declined' && attempt.createdAt >= startedAt
        ? 'declined'
        : 'pending';
    const said =
      outcome === 'paid'
        ? 'paid'
        : outcome === 'declined'
          ? `declined ('${attempt?.message ?? ''}')`
          : 'no answer from the card processor yet';
    // The operator's retry in the log with its outcome; the attempt itself is the bill's record. A
    // paid bill is named by the invoice number it has just taken, as the log names it from now on.
    await recordAudit(tx, 'bill.updated', {
      before,
      after,
      subject: `${billMentionFirst(naming(after))} charged ${formatUsd(before.totalCents)} again now, ${said}`,
    });
    return { before, after, outcome };
  });
}
