import { type BillingDeps, type BillingEngineDeps, createBillingEngine } from './modules/billing';
import { createBillsService } from './modules/bills';
import { createSubscriptionPeriodsService } from './modules/subscriptions';

/**
 * The money engine as the app, the jobs and the operator's tool compose it: what it asks of bills and
 * subscriptions is handed in here, and licensing's member by the caller, which knows the signing key.
 */
export const composeBillingEngine = (deps: BillingDeps & Pick<BillingEngineDeps, 'licensing'>) =>
  createBillingEngine({
    ...deps,
    bills: createBillsService(),
    subscriptions: createSubscriptionPeriodsService(),
  });
