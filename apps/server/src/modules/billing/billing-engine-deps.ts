import type { Db, DbOrTx } from '../../db/client';
import type { BillingDeps, BillsService, LateOverage } from '../bills';
import type { PurchaseService } from '../store';
import type { SubscriptionPeriodsService } from '../subscriptions';

/** What the engine asks of licensing: docs/design.md §5, each paid renewal issues a new offline license file. */
export interface LicensingForBilling {
  reissueForPaidRenewals(db: Db, orderIds: number[], now: Date): Promise<void>;
  /** Overage of months already billed, from usage offline sites reported late (docs/decisions/040). */
  lateOverageDue(tx: DbOrTx, subscriptionIds: number[]): Promise<LateOverage[]>;
  markLateOverageBilled(tx: DbOrTx, ids: number[], now: Date): Promise<void>;
}

/** The engine's dependencies; what it asks of bills, subscriptions, the store and licensing is named here. */
export interface BillingEngineDeps extends BillingDeps {
  bills: Pick<
    BillsService,
    | 'markOverdueBillsUnpaid'
    | 'carriedBillsOf'
    | 'insertBillsStartingCharges'
    | 'settleCarriedBills'
    | 'writeOffEndedCarriedBills'
    | 'chargeDue'
    | 'retryPastDueBills'
  >;
  subscriptions: Pick<
    SubscriptionPeriodsService,
    | 'endCancelledSubscriptions'
    | 'endTrialsWithoutCard'
    | 'deactivateForUnpaidBills'
    | 'claimDueRenewals'
    | 'claimDueOverage'
    | 'advanceBasePeriods'
    | 'rollOverUsage'
    | 'settleProration'
    | 'settlePendingProrations'
  >;
  /** Checkouts' charges, settled when their outcome arrives or was lost. */
  store: Pick<PurchaseService, 'settlePurchase' | 'settlePendingPurchases'>;
  licensing: LicensingForBilling;
}
