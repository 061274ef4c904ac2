import { type BillingDeps, type BillingEngineDeps, createBillingEngine } from './modules/billing';
import { createBillsService } from './modules/bills';
import type { CatalogService } from './modules/catalog';
import { createPromotionService } from './modules/promotions';
import { createPurchaseService } from './modules/store';
import { createSubscriptionPeriodsService } from './modules/subscriptions';

/**
 * The money engine as the app, the jobs and the operator's tool compose it, with the services of bills,
 * subscriptions and the store it is built over (the app hands them to payments and the store's routes
 * too, so each is built once). Licensing's member comes from the caller, which knows the signing key;
 * the catalogue prices the store's checkouts and checks the plans a promotion code names.
 */
export function composeBilling(
  deps: BillingDeps &
    Pick<BillingEngineDeps, 'licensing'> & { catalog: Pick<CatalogService, 'findPlans' | 'cycleDiscounts'> },
) {
  const bills = createBillsService(deps);
  const subscriptions = createSubscriptionPeriodsService(deps);
  const store = createPurchaseService(deps);
  const engine = createBillingEngine({ ...deps, bills, subscriptions, store });
  const promotions = createPromotionService(deps);
  return { engine, bills, subscriptions, store, promotions };
}
