// The events the store sends to the customer organization's webhook endpoints (docs/decisions/027),
// and what each tells: one list the API, the screen and the OpenAPI document read.

/** Every event the store sends. A message's body is `{type, timestamp, data}`. */
export const WEBHOOK_EVENT_TYPES = [
  'subscription.created',
  'subscription.updated',
  'subscription.cancelled',
  'subscription.deactivated',
  'bill.issued',
  'bill.paid',
  'bill.payment_failed',
  'credit_note.issued',
  'usage.threshold_reached',
  'machine.activated',
  'machine.released',
  'offline_license.issued',
  'offline_activation.issued',
  'offline_activation.released',
  'usage_file.accepted',
  'user.created',
  'user.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The message "Send test event" sends: it reaches the endpoint whatever events it takes. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What each event tells, as the screen lists them. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'subscription.created': 'A subscription or perpetual license was bought',
  'subscription.updated': 'A subscription changed: plan, machines, designers, renewal or offline use',
  'subscription.cancelled': 'A subscription was cancelled',
  'subscription.deactivated': 'A subscription stopped: unpaid past its grace or ended',
  'bill.issued': 'A bill or invoice was issued',
  'bill.paid': 'A bill was paid',
  'bill.payment_failed': 'A payment was declined',
  'credit_note.issued': 'A refund was made and its credit note issued',
  'usage.threshold_reached': "A Flex subscription's usage reached one of its alert levels",
  'machine.activated': 'An engine or designer took a seat',
  'machine.released': 'A seat was freed: deactivated, flushed or silent past the heartbeat window',
  'offline_license.issued': 'An offline license file was issued',
  'offline_activation.issued':
    "An offline engine's activation request was answered with a license file: it holds a seat",
  'offline_activation.released': "An offline engine's seat was freed by its release code",
  'usage_file.accepted': "An offline engine's usage file was uploaded and its reports counted",
  'user.created': 'A user was added to the organization',
  'user.deleted': 'A user was deleted',
};
