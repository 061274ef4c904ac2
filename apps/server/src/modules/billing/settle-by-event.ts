import { BillStatus } from '@store/core';
import type { BillingDeps, FinalOutcome } from '../bills';
import { attemptByKey, findBill, makeAttemptDue } from '../bills';
import type { PurchaseService } from '../store';
import type { SubscriptionPeriodsService } from '../subscriptions';

export type KnownOutcome = FinalOutcome;

/**
 * Stripe's word on a PaymentIntent (payment_intent.succeeded / payment_failed, decision 018),
 * applied sooner than the settle job would, through the same settle functions: a waiting customer's
 * purchase or proration is settled with the outcome the signed event carries; a renewal or overage
 * attempt still open is made due and charged now, settling on its recorded key. A charge already
 * settled is left as it is. Answers what was done, for the event's record.
 */
export async function settleChargeByEvent(
  deps: BillingDeps & {
    store: Pick<PurchaseService, 'settlePurchase'>;
    subscriptions: Pick<SubscriptionPeriodsService, 'settleProration'>;
  },
  key: string,
  outcome: KnownOutcome,
  chargeOrganizationNow: (organizationId: number) => Promise<void>,
) {
  const attempt = await attemptByKey(deps.db, key);
  if (!attempt) return 'no attempt with this key';
  const order = await findBill(deps.db, attempt.orderId);
  if (!order) return 'no bill';
  if (order.kind === 'purchase' || order.kind === 'proration') {
    if (order.status !== BillStatus.ChargePending) return 'already settled';
    const settled =
      order.kind === 'purchase'
        ? await deps.store.settlePurchase(order, outcome)
        : await deps.subscriptions.settleProration(order.id, key, outcome);
    return settled?.status === BillStatus.ChargePaid ? 'settled: paid' : 'settled: not paid';
  }
  if (!(await makeAttemptDue(deps.db, key, deps.clock.now()))) return 'already settled';
  await chargeOrganizationNow(order.organizationId);
  return 'charged now';
}
