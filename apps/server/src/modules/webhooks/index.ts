// The public entry of the webhooks module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { type AddressPolicy, addressPolicyFor, type Resolve } from './address-policy';
export { type EventSubject, recordEvent, recordEvents } from './webhook-events';
export { startWebhookSender, type WebhookSender } from './webhook-sender';
export { webhooksRoutes } from './webhooks.routes';
export { createWebhookService, type WebhookService } from './webhooks.service';
