// The public entry of the subscriptions module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { allowOfflineReissue } from './offline-issues.repository';
export { addPerpetualLicense } from './perpetual-licenses';
export { settlePendingProrations, settleProration } from './proration';
export { lockForChange, visible } from './subscription-access';
export {
  billCoversRunningPeriod,
  deactivateForUnpaidBills,
  endCancelledSubscriptions,
  endRefundedSubscriptions,
} from './subscription-endings.repository';
export {
  advanceBasePeriods,
  claimDueOverage,
  claimDueRenewals,
  offlineSubscriptionsOfRenewals,
  rollOverUsage,
} from './subscription-periods.repository';
export { accrueFromRollups } from './subscription-usage.repository';
export {
  findById,
  findByLicenseKey,
  insertPerpetualLicenses,
  insertSubscriptions,
  lockSubscription,
  type SubscriptionRecord,
  updateSubscription,
} from './subscriptions.repository';
export { subscriptionsRoutes } from './subscriptions.routes';
export { createSubscriptionService, type SubscriptionService } from './subscriptions.service';
export { addAccruedRtus, type UsageCounters } from './usage-counters.repository';
