import type { Db, Tx } from '../../db/client';
import { recordAudit } from '../audit';
import { announceSubscriptions } from './subscription-events';
import {
  billsWithInactiveSubscriptions,
  lockDeactivatedFor,
  otherGivenUpBill,
  reactivate,
} from './subscription-reactivations.repository';

/** What became of a subscription deactivated for a bill settled late. */
export type LateSettlement =
  | { subscriptionId: number; name: string; reactivated: true }
  | { subscriptionId: number; name: string; reactivated: false; periodEnded: Date }
  | {
      subscriptionId: number;
      name: string;
      reactivated: false;
      unpaidBill: { orderId: number; invoiceNumber: string | null };
    };

/**
 * A bill given up at the end of its grace is settled late: paid, or voided so that nothing is owed
 * on it (docs/decisions/029). Each subscription deactivated for it runs again, audited, while the
 * period it had paid for still runs and no other bill of it is given up unpaid; it then renews at
 * its next billing date as usual. One whose paid period has ended stays deactivated: nothing of what
 * was paid is left to give, and renewing it would bill the months it was off.
 */
export async function reactivateAfterLateSettlement(
  tx: Tx,
  bill: { id: number; dueDate: Date | null },
  now: Date,
): Promise<LateSettlement[]> {
  if (!bill.dueDate) return [];
  const settled: LateSettlement[] = [];
  for (const s of await lockDeactivatedFor(tx, bill.id)) {
    const base = { subscriptionId: s.id, name: s.description };
    const unpaidBill = await otherGivenUpBill(tx, s.id, bill.id);
    if (unpaidBill !== null) {
      settled.push({ ...base, reactivated: false, unpaidBill });
    } else if (!s.nextBaseBillingDate || s.nextBaseBillingDate <= now) {
      settled.push({ ...base, reactivated: false, periodEnded: s.nextBaseBillingDate ?? now });
    } else {
      const after = await reactivate(tx, s);
      await recordAudit(tx, 'subscription.updated', { before: s, after });
      await announceSubscriptions(tx, 'subscription.updated', [s], now);
      settled.push({ ...base, reactivated: true });
    }
  }
  return settled;
}

/**
 * Bills just paid by a charge (a retry the operator asked for, or its answer settled later): any
 * subscription deactivated for one of them runs again as above. One statement finds the few bills
 * with an inactive subscription, so a run's thousands of paid renewals cost one read.
 */
export async function reactivateAfterLatePayments(db: Db, orderIds: number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const bills = await billsWithInactiveSubscriptions(db, orderIds);
  for (const bill of bills) await db.transaction((tx) => reactivateAfterLateSettlement(tx, bill, now));
}
