export { useSubscriptions } from './api/get-subscriptions';
export { SubscriptionEditor } from './components/lazy-subscription-editor';
export { DETAIL_ROW_TRANSITION_MS } from './components/subscription-cells';
export { SubscriptionsTable } from './components/subscriptions-table';
