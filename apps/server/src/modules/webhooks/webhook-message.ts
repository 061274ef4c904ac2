import { randomBytes, randomUUID } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@store/core';
import { Webhook } from 'standardwebhooks';

// A message as the Standard Webhooks specification shapes it (docs/decisions/027): the body
// `{type, timestamp, data}`, and the headers webhook-id, webhook-timestamp and webhook-signature
// ("v1,<base64 HMAC-SHA256>", several separated by spaces while a rolled secret still signs).
// The signing is the specification's own library, so it matches every receiver's verifier.

/** A new endpoint secret: 32 random bytes, base64, after the prefix the libraries expect. */
export const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** A message's id, unique across the store: a receiver drops a second copy by it. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * Fields a parent organization never receives of a sub-account (docs/design.md §5): its license
 * keys and license files (a subscription carries its signed offline file as offlineLicenseKey). The
 * parent's endpoints get the sub-account's events without them, as the parent's own lists show the
 * sub-account.
 */
const SECRET_FIELDS = new Set([
  'apiKey1',
  'offlineLicenseKey',
  'licenseKey',
  'license',
  'licenseFile',
  'file',
]);

export function withoutSecrets(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withoutSecrets);
  if (data === null || typeof data !== 'object') return data;
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key]) => !SECRET_FIELDS.has(key))
      .map(([key, value]) => [key, withoutSecrets(value)]),
  );
}

export const messageBody = (message: { type: string; at: Date; data: unknown }) =>
  JSON.stringify({ type: message.type, timestamp: message.at.toISOString(), data: message.data });

/**
 * The headers that sign `body` with every secret given (the current one first). The timestamp is
 * the moment of sending by the wall clock, not the store's business clock: receivers refuse
 * messages more than five minutes from their own time, as the specification tells them to.
 */
export function signedHeaders(messageId: string, body: string, secrets: string[], sentAt = new Date()) {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': Math.floor(sentAt.getTime() / 1000).toString(),
    'webhook-signature': signatures.join(' '),
  };
}
