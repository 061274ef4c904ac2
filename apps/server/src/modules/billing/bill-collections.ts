import { closeBill, recordBillPayment } from '../bills';
import { reactivateAfterLateSettlement } from '../subscriptions';
import type { BillingEngineDeps } from './billing-engine-deps';

/**
 * The operator's collection of unpaid bills that involves no card processor (docs/decisions/029): a
 * payment received outside it, a void, a write-off; the console's, the operator tool's `invoice:paid`
 * and the year simulation's. Retry now charges the card, so it is the billing engine's
 * (`retryBillNow`). Each change and what follows it for the subscriptions commit together.
 */
export function createBillCollections(deps: Pick<BillingEngineDeps, 'db' | 'clock' | 'licensing'>) {
  return {
    /**
     * The bill is paid, with how (card bill or invoice, in its grace or past it, or written off); the
     * subscriptions its grace ended run again, and the offline licenses its renewal extends are reissued.
     */
    async recordPayment(orderId: number, reference: string | null) {
      const now = deps.clock.now();
      const done = await deps.db.transaction(async (tx) => {
        const change = await recordBillPayment(tx, now, orderId, reference);
        return { ...change, settlements: await reactivateAfterLateSettlement(tx, change.after, now) };
      });
      await deps.licensing.reissueForPaidRenewals(deps.db, [orderId], now);
      return done;
    },

    /** Void: nothing is owed, so a subscription its grace ended runs again, as after a late payment. */
    async voidBill(orderId: number, reason: string) {
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const change = await closeBill(tx, orderId, 'void', reason);
        return { ...change, settlements: await reactivateAfterLateSettlement(tx, change.after, now) };
      });
    },

    /** Written off: still owed, so its subscriptions end when its grace does (the billing engine's sweep). */
    writeOff: (orderId: number, reason: string) =>
      deps.db.transaction(async (tx) => ({
        ...(await closeBill(tx, orderId, 'writeOff', reason)),
        settlements: [],
      })),
  };
}
export type BillCollections = ReturnType<typeof createBillCollections>;
