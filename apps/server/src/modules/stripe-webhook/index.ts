// The public entry of the stripe-webhook module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { stripeWebhookRoutes } from './stripe-webhook.routes';
export { createStripeWebhookService, type StripeWebhookService } from './stripe-webhook.service';
