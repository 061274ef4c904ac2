import type { BillingDeps } from '../bills';
import { settleOpenRefunds } from '../refunds';
import type { PurchaseService } from '../store';
import type { SubscriptionPeriodsService } from '../subscriptions';

/**
 * Card charges made while a customer waited whose answer was lost (docs/design.md §3): checkouts and
 * editor prorations and refunds, each settled with the gateway on its stored key, once. Every
 * scheduler tick.
 */
export async function settlePendingCharges(
  deps: BillingDeps & {
    store: Pick<PurchaseService, 'settlePendingPurchases'>;
    subscriptions: Pick<SubscriptionPeriodsService, 'settlePendingProrations'>;
  },
) {
  const purchases = await deps.store.settlePendingPurchases();
  const prorations = await deps.subscriptions.settlePendingProrations();
  const refunds = await settleOpenRefunds(deps);
  return { purchases, prorations, refunds };
}
