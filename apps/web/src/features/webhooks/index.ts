export { AddWebhookEndpointForm } from './components/add-webhook-endpoint-form';
export { NewWebhookSecret, type ShownSecret } from './components/new-webhook-secret';
export { WebhookEndpointsList } from './components/webhook-endpoints-list';
