// The public entry of the subscriptions module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export {
  type LateSettlement,
  reactivateAfterLatePayments,
  reactivateAfterLateSettlement,
} from './late-payments';
export {
  type Customer,
  createOperatorSubscriptionsService,
  type OperatorSubscriptionsService,
  type RenewingSubscription,
} from './operator-subscriptions';
export { addPerpetualLicense } from './perpetual-licenses';
export { lockForChange, visible } from './subscription-access';
export { cancellationReasons } from './subscription-cancellations';
export {
  createSubscriptionPeriodsService,
  offlineSubscriptionsOfRenewals,
  type SubscriptionPeriodsService,
} from './subscription-periods.service';
export { subscriptionsRoutes } from './subscriptions.routes';
export {
  accrueFromRollups,
  allowOfflineReissue,
  announceUsageChanged,
  billCoversRunningPeriod,
  createSubscriptionService,
  createSubscriptions,
  endRefundedSubscriptions,
  findSubscription,
  findSubscriptionByLicenseKey,
  importPerpetualLicenses,
  importSubscriptions,
  lockSubscriptionRow,
  recordOfflineLicense,
  type SubscriptionRecord,
  type SubscriptionService,
  type UsageCounters,
  usageCounterStatement,
} from './subscriptions.service';
export { endTrialsWithoutCard, releaseTrials, startTrials, trialedPlans } from './trials';
