import { z } from 'zod/mini';
import { maxChars } from './schemas/common';
import { WEBHOOK_EVENT_TYPES } from './webhook-events';

// Webhooks to the customer organization's own systems (docs/design.md §5a "Events",
// docs/decisions/027): an admin adds endpoints on the API & Webhooks screen; the store signs each
// message as the Standard Webhooks specification says, so any of its verifying libraries accepts it.

/** The longest address an endpoint may have (browsers and proxies agree on 2,000 characters). */
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** An endpoint's signing secret starts so, as Standard Webhooks' libraries expect. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** A message that is not answered with a 2xx within this long counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A message is retried for this long, then the endpoint is disabled and the admins mailed. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 86_400_000;
/** After a secret is rolled, the old one keeps signing beside the new one this long. */
export const WEBHOOK_OLD_SECRET_MS = 86_400_000;
/** How much of a receiver's answer each attempt keeps, in bytes. */
export const WEBHOOK_ANSWER_KEPT_BYTES = 1024;

/**
 * The waits between attempts of one message (the schedule Standard Webhooks' reference sender uses):
 * then every 10 hours until the retry window ends.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
export const webhookRetryDelay = (attempts: number) =>
  WEBHOOK_RETRY_DELAYS_MS[Math.min(attempts, WEBHOOK_RETRY_DELAYS_MS.length) - 1] ?? 5_000;

export const WebhookMessages = {
  listHeading: 'Webhooks',
  intro:
    "Webhooks tell your organization's systems what happens in the store as it happens. Each message is signed as the Standard Webhooks specification says: verify it with their library and the endpoint's secret.",
  none: 'Your organization has no webhook endpoints.',
  addHeading: 'Add an endpoint',
  addButton: 'Add endpoint',
  urlLabel: 'Endpoint URL',
  urlDescription: 'Where the store sends messages: an https address of your system',
  eventsLabel: 'Events',
  allEvents: 'All events',
  allEventsDescription: 'Send every event, including those added later',
  descriptionLabel: 'Description',
  secretShownOnce:
    'Copy this signing secret now. It is shown only once; your receiver verifies each message with it.',
  copySecret: 'Copy secret',
  done: 'Done',
  created: (url: string) => `Endpoint ${url} added.`,
  saved: 'Endpoint saved.',
  deleted: (url: string) => `Endpoint ${url} deleted.`,
  deleteTitle: 'Delete this endpoint?',
  deleteConfirm: (url: string) => `${url} receives no more messages. Its deliveries are deleted with it.`,
  deleteButton: 'Delete endpoint',
  rollSecret: 'Roll secret',
  rollTitle: 'Roll the signing secret?',
  rollConfirm:
    'A new secret signs every message from now on; the old one keeps signing beside it for 24 hours.',
  rollButton: 'Roll secret',
  sendTest: 'Send test event',
  testSent: (status: string) => `Test event sent: ${status}.`,
  disable: 'Disable',
  enable: 'Enable',
  enabled: 'Enabled',
  disabled: 'Disabled',
  deliveries: 'Deliveries',
  deliveriesOf: (url: string) => `Deliveries to ${url}`,
  noDeliveries: 'No messages have been sent to this endpoint yet.',
  retry: 'Retry',
  retried: (status: string) => `Delivery retried: ${status}.`,
  columns: {
    url: 'Endpoint',
    events: 'Events',
    description: 'Description',
    status: 'Status',
    created: 'Created',
    event: 'Event',
    sent: 'Created',
    attempts: 'Attempts',
    answer: 'Last answer',
    nextAttempt: 'Next attempt',
  },
  deliveryStatus: {
    pending: 'Pending',
    retrying: 'Retrying',
    delivered: 'Delivered',
    failed: 'Failed',
  },
  /** Why an endpoint stopped receiving: shown beside its status and in the admins' mail. */
  disabledAfterFailures: 'Disabled: messages failed for 3 days',
  notFound: 'No such webhook endpoint.',
  deliveryNotFound: 'No such delivery.',
  // Refusals of an endpoint's address (each a 400 naming the reason).
  urlRequired: 'Endpoint URL is required',
  urlTooLong: `Endpoint URL must be at most ${WEBHOOK_URL_MAX} characters`,
  urlInvalid: 'Endpoint URL must be a full address, such as https://example.com/webhooks',
  urlNotHttps: 'Endpoint URL must start with https://',
  urlCredentials: 'Endpoint URL must not carry a user name or password',
  urlHostUnknown: (host: string) => `Endpoint URL's host ${host} does not resolve to any address`,
  urlPrivateAddress: (host: string, address: string) =>
    `Endpoint URL's host ${host} is at ${address}, a loopback, private, link-local or metadata address the store does not send to`,
  eventsRepeated: 'Each event may be named once',
  unknownEvent: (event: unknown) =>
    `${JSON.stringify(event)} is not an event; the events are ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  descriptionTooLong: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  // What an attempt that got no answer records instead of a status code.
  timedOut: `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds`,
  redirected: (location: string) => `Redirected to ${location}: the store does not follow redirects`,
  unreachable: (reason: string) => `Could not connect: ${reason}`,
  // The mail to the admins when an endpoint is disabled.
  disabledMailSubject: 'A webhook endpoint was disabled',
  disabledMailBody: (url: string, storeUrl: string) =>
    `Messages to your webhook endpoint ${url} have failed for 3 days, so the store stopped sending to it.\n\nOnce the endpoint answers again, enable it on the API & Webhooks page (${storeUrl}/ApiTokens): the messages that were waiting for it are sent then, and a failed one can be sent again with its Retry.`,
  // The screen's lists, their actions and the secret shown once.
  listLabel: 'Webhook endpoints',
  actions: 'Actions',
  eventsRequired: 'Choose at least one event, or All events',
  newSecretTitle: (url: string) => `Signing secret of ${url}`,
  previousSecretUntil: (when: string) => `The previous secret also signs until ${when}`,
  deleteOf: (url: string) => `Delete endpoint ${url}`,
  rollSecretOf: (url: string) => `Roll secret of ${url}`,
  sendTestTo: (url: string) => `Send test event to ${url}`,
  deliveriesTo: (url: string) => `Deliveries to ${url}`,
  enableOf: (url: string) => `Enable ${url}`,
  disableOf: (url: string) => `Disable ${url}`,
  close: 'Close',
  /** A receiver's answer in the lists: its HTTP status, or why none counted. */
  answerStatus: (code: number) => `HTTP ${code}`,
  outcome: (status: string, answer: string) => `${status}, ${answer}`,
  noAnswer: 'Not sent yet',
  noNextAttempt: 'None',
  details: 'Details',
  detailsOf: (event: string, at: string) => `Details of ${event}, ${at}`,
  retryOf: (event: string, at: string) => `Retry ${event}, ${at}`,
  attemptsHeading: 'Attempts',
  payloadHeading: 'Payload',
  noAttempts: 'Not attempted yet.',
  duration: (ms: number) => `${ms} ms`,
  manualAttempt: 'Manual',
  scheduledAttempt: 'Scheduled',
  answerHeading: 'Answer (first 1 KB)',
  emptyAnswer: 'The answer had no body.',
} as const;

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: (issue) => WebhookMessages.unknownEvent(issue.input),
});

const UrlSchema = z.string({ error: WebhookMessages.urlRequired }).check(
  z.trim(),
  z.minLength(1, { error: WebhookMessages.urlRequired, abort: true }),
  z.maxLength(WEBHOOK_URL_MAX, { error: WebhookMessages.urlTooLong, abort: true }),
  // Stated in the API document as a pattern; what it cannot state (a parsable address with a host)
  // the refinement below checks, with the same message.
  z.regex(/^https?:\/\/\S+$/, { error: WebhookMessages.urlInvalid, abort: true }),
  z.refine((url) => {
    try {
      const parsed = new URL(url);
      return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '';
    } catch {
      return false;
    }
  }, WebhookMessages.urlInvalid),
);

/** The events an endpoint takes: an empty list takes every event, those added later too. */
const EventsSchema = z.array(WebhookEventTypeSchema).check(
  z.maxLength(WEBHOOK_EVENT_TYPES.length, WebhookMessages.eventsRepeated),
  z.refine((events) => new Set(events).size === events.length, WebhookMessages.eventsRepeated),
);

const DescriptionSchema = z
  .string()
  .check(z.trim(), ...maxChars(WEBHOOK_DESCRIPTION_MAX, WebhookMessages.descriptionTooLong));

/** The body of POST /api/organization/webhooks, and the screen's form. */
export const CreateWebhookEndpointSchema = z.strictObject({
  url: UrlSchema,
  events: EventsSchema,
  description: z._default(DescriptionSchema, ''),
});
export type CreateWebhookEndpoint = z.infer<typeof CreateWebhookEndpointSchema>;

/** The body of PUT /api/organization/webhooks/{id}: what is named changes, the rest stays. */
export const UpdateWebhookEndpointSchema = z.strictObject({
  url: z.optional(UrlSchema),
  events: z.optional(EventsSchema),
  description: z.optional(DescriptionSchema),
  /** false stops sending; true sends again, the messages that waited first. */
  enabled: z.optional(z.boolean()),
  /** true makes a new signing secret, shown once in the answer; the old one signs beside it for 24 h. */
  rollSecret: z.optional(z.boolean()),
});
export type UpdateWebhookEndpoint = z.infer<typeof UpdateWebhookEndpointSchema>;

/** An endpoint as the list shows it: never its secret. */
export const WebhookEndpointSchema = z.object({
  id: z.number().check(z.int()),
  url: z.string(),
  /** Empty: every event. */
  events: z.array(WebhookEventTypeSchema),
  description: z.string(),
  enabled: z.boolean(),
  /** Why the store stopped sending, when it did so by itself; null when an admin disabled it or it runs. */
  disabledReason: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Until when the previous secret still signs beside the current one (after a roll); null: it does not. */
  previousSecretUntil: z.nullable(z.string()),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

/** The answer of a creation or a roll: the only time the secret is ever sent. */
export const WebhookEndpointWithSecretSchema = z.object({
  endpoint: WebhookEndpointSchema,
  /** `whsec_…`; null when the change rolled nothing. */
  secret: z.nullable(z.string()),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when none came (refused, timed out, address not allowed). */
  statusCode: z.nullable(z.number().check(z.int())),
  durationMs: z.number().check(z.int()),
  /** The first kilobyte of the receiver's answer. */
  answer: z.string(),
  /** Why no answer counted: a timeout, a refusal, a redirect; null when the status says it. */
  error: z.nullable(z.string()),
  /** Made by an admin's Retry or Send test event, not by the schedule. */
  manual: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.number().check(z.int()),
  /** The message's id, sent as `webhook-id`: the same on every attempt, so a receiver can drop repeats. */
  messageId: z.string(),
  type: z.string(),
  createdAt: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  nextAttemptAt: z.nullable(z.string()),
  /** The message's body as sent. */
  payload: z.string(),
  /** Newest first. */
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;
/** The deliveries list shows the newest this many. */
export const WEBHOOK_DELIVERIES_LISTED = 100;
