export { useSubscriptions } from './api/get-subscriptions';
export { DETAIL_ROW_TRANSITION_MS } from './components/subscription-cells';
export { SubscriptionEditor } from './components/lazy-subscription-editor';
export { SubscriptionsTable } from './components/subscriptions-table';
