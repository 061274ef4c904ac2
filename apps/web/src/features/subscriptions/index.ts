export { useSubscriptions } from './api/get-subscriptions';
export { SubscriptionEditor } from './components/subscription-editor';
export { DETAIL_ROW_TRANSITION_MS, SubscriptionsTable } from './components/subscriptions-table';
