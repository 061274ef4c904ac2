import { settleOpenRefunds } from '../refunds';
import { settlePendingPurchases } from '../store';
import { settlePendingProrations } from '../subscriptions';
import type { BillingDeps } from './billing-engine';

/**
 * Card charges made while a customer waited whose answer was lost (docs/design.md §3): checkouts and
 * editor prorations and refunds, each settled with the gateway on its stored key, once. Every
 * scheduler tick.
 */
export async function settlePendingCharges(deps: BillingDeps) {
  const purchases = await settlePendingPurchases(deps);
  const prorations = await settlePendingProrations(deps);
  const refunds = await settleOpenRefunds(deps);
  return { purchases, prorations, refunds };
}
