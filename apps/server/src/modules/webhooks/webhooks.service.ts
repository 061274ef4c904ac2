import {
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  WEBHOOK_DELIVERIES_LISTED,
  WEBHOOK_OLD_SECRET_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  WebhookMessages,
  webhookRetryDelay,
} from '@store/core';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound } from '../../lib/domain-error';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { enqueueMails } from '../../mail/outbox';
import { compose } from '../../mail/templates';
import { recordAudit } from '../audit';
import { type AddressPolicy, type Resolve, refusalOf, systemResolve } from './address-policy';
import { deliveryDto, toDto } from './webhook-answers';
import * as deliveries from './webhook-deliveries.repository';
import * as endpoints from './webhook-endpoints.repository';
import * as events from './webhook-events.repository';
import { messageBody, newMessageId, newSecret, signedHeaders, withoutSecrets } from './webhook-message';
import { type PostOutcome, postMessage } from './webhook-post';

export interface WebhookServiceDeps {
  db: Db;
  clock: Clock;
  policy: AddressPolicy;
  /** The key that seals the endpoints' secrets at rest (the server's TWO_FACTOR_KEY). */
  secretKey: () => Promise<Buffer>;
  publicUrl: string;
  /** Name resolution; tests hand in names of their own. */
  resolve?: Resolve;
}

const nameOf = (auth: AuthContext) =>
  auth.apiToken
    ? `API token ${auth.person.firstName}`
    : `${auth.person.firstName} ${auth.person.lastName}`.trim();

/**
 * Webhook endpoints of an organization and the sending of their messages (docs/decisions/027).
 * Events are written by recordEvent (webhook-events.ts) in the transaction that causes them; the
 * webhook sender (webhook-sender.ts) and an admin's Retry or Send test event send them through
 * `attempt`, which records every try and moves the delivery along its schedule.
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  const { db, clock, policy } = deps;
  const resolve = deps.resolve ?? systemResolve;

  async function checkUrl(url: string): Promise<void> {
    const refusal = await refusalOf(url, policy, resolve);
    if (refusal) throw badRequest(refusal);
  }

  async function ownEndpoint(auth: AuthContext, id: number): Promise<endpoints.EndpointRow> {
    const row = await endpoints.findEndpoint(db, auth.organization.id, id);
    if (!row) throw notFound(WebhookMessages.notFound);
    return row;
  }

  async function secretsOf(delivery: deliveries.DeliveryToSend): Promise<string[]> {
    const key = await deps.secretKey();
    const secrets = [openSecret(key, delivery.secretBox)];
    if (
      delivery.previousSecretBox &&
      delivery.previousSecretUntil &&
      delivery.previousSecretUntil > clock.now()
    )
      secrets.push(openSecret(key, delivery.previousSecretBox));
    return secrets;
  }

  /** What the store gives up on: the endpoint stops, its admins hear of it once. */
  async function giveUp(delivery: deliveries.DeliveryToSend): Promise<void> {
    await db.transaction(async (tx) => {
      if (
        !(await endpoints.disableFailingEndpoint(
          tx,
          delivery.endpointId,
          WebhookMessages.disabledAfterFailures,
        ))
      )
        return;
      const admins = await endpoints.adminEmails(tx, delivery.organizationId);
      await enqueueMails(
        tx,
        admins.map((to) =>
          compose(to, WebhookMessages.disabledMailSubject, [
            WebhookMessages.disabledMailBody(delivery.url, deps.publicUrl),
          ]),
        ),
      );
    });
  }

  /**
   * Sends one delivery once and records the attempt. A scheduled attempt that fails moves the
   * delivery to its next try, or, three days after its first failure, to failed (and disables the
   * endpoint); an admin's attempt (`manual`) changes nothing on failure, and delivers on success.
   */
  async function attempt(delivery: deliveries.DeliveryToSend, manual: boolean): Promise<PostOutcome> {
    const data = delivery.forParent ? withoutSecrets(delivery.data) : delivery.data;
    const body = messageBody({ type: delivery.type, at: delivery.eventAt, data });
    const headers = signedHeaders(delivery.messageId, body, await secretsOf(delivery));
    const outcome = await postMessage(delivery.url, headers, body, policy, resolve);
    const now = clock.now();
    let next: Parameters<typeof deliveries.recordAttempt>[2] = null;
    if (outcome.ok) {
      next = {
        status: 'delivered',
        nextAttemptAt: now,
        firstFailedAt: delivery.firstFailedAt,
        countsAsAttempt: !manual,
      };
    } else if (!manual) {
      const firstFailedAt = delivery.firstFailedAt ?? now;
      const attempts = delivery.attempts + 1;
      const expired = now.getTime() - firstFailedAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
      next = {
        status: expired ? 'failed' : 'retrying',
        nextAttemptAt: new Date(now.getTime() + (expired ? 0 : webhookRetryDelay(attempts))),
        firstFailedAt,
        countsAsAttempt: true,
      };
    }
    // An admin's attempt that fails leaves the schedule as it was (null: only the attempt is recorded).
    await deliveries.recordAttempt(
      db,
      {
        deliveryId: delivery.id,
        at: now,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        answer: outcome.answer,
        error: outcome.error,
        manual,
      },
      next,
    );
    if (next?.status === 'failed') await giveUp(delivery);
    return outcome;
  }

  async function deliveryById(endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
    const rows = await deliveries.listDeliveries(db, endpointId, 1, deliveryId);
    const row = rows[0];
    if (!row) throw notFound(WebhookMessages.deliveryNotFound);
    return deliveryDto(row, await deliveries.attemptsOf(db, [row.id]));
  }

  return {
    attempt,

    async list(auth: AuthContext): Promise<WebhookEndpoint[]> {
      const now = clock.now();
      return (await endpoints.listEndpoints(db, auth.organization.id)).map((row) => toDto(row, now));
    },

    async create(auth: AuthContext, body: CreateWebhookEndpoint): Promise<WebhookEndpointWithSecret> {
      await checkUrl(body.url);
      const secret = newSecret();
      const key = await deps.secretKey();
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const inserted = await endpoints.insertEndpoint(tx, {
          organizationId: auth.organization.id,
          url: body.url,
          description: body.description,
          eventTypes: body.events,
          secretBox: sealSecret(key, secret),
          createdByName: nameOf(auth),
          createdAt: now,
        });
        await recordAudit(tx, 'webhook.created', {
          after: { ...toDto(inserted, now), organizationId: auth.organization.id },
        });
        return inserted;
      });
      return { endpoint: toDto(row, now), secret };
    },

    async update(
      auth: AuthContext,
      id: number,
      body: UpdateWebhookEndpoint,
    ): Promise<WebhookEndpointWithSecret> {
      const before = await ownEndpoint(auth, id);
      if (body.url !== undefined && body.url !== before.url) await checkUrl(body.url);
      const now = clock.now();
      const key = await deps.secretKey();
      const secret = body.rollSecret ? newSecret() : null;
      const row = await db.transaction(async (tx) => {
        const updated = await endpoints.updateEndpoint(tx, id, {
          ...(body.url !== undefined && { url: body.url }),
          ...(body.events !== undefined && { eventTypes: body.events }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.enabled !== undefined && { enabled: body.enabled, disabledReason: null }),
          ...(secret && {
            secretBox: sealSecret(key, secret),
            previousSecretBox: before.secretBox,
            previousSecretUntil: new Date(now.getTime() + WEBHOOK_OLD_SECRET_MS),
          }),
        });
        await recordAudit(tx, 'webhook.updated', {
          before: { ...toDto(before, now), organizationId: auth.organization.id },
          after: { ...toDto(updated, now), organizationId: auth.organization.id },
        });
        return updated;
      });
      return { endpoint: toDto(row, now), secret };
    },

    async remove(auth: AuthContext, id: number): Promise<WebhookEndpoint> {
      const row = await ownEndpoint(auth, id);
      await db.transaction(async (tx) => {
        await endpoints.deleteEndpoint(tx, id);
        await recordAudit(tx, 'webhook.deleted', {
          before: { ...toDto(row, clock.now()), organizationId: auth.organization.id },
        });
      });
      return toDto(row, clock.now());
    },

    /** Sends a test message to the endpoint now, whatever events it takes, and answers its delivery. */
    async sendTest(auth: AuthContext, id: number): Promise<WebhookDelivery> {
      const endpoint = await ownEndpoint(auth, id);
      const [deliveryId] = await events.insertEvent(db, {
        messageId: newMessageId(),
        organizationId: auth.organization.id,
        type: WEBHOOK_TEST_EVENT,
        data: { endpointId: endpoint.id, message: 'A test event from the store.' },
        orderingKey: `test:${endpoint.id}`,
        at: clock.now(),
        endpointId: endpoint.id,
        // Sent below, at once: leased to this request so the background sender cannot send it too.
        leaseUntil: new Date(clock.now().getTime() + deliveries.LEASE_MS),
      });
      const delivery = await deliveries.findDeliveryToSend(db, auth.organization.id, id, deliveryId!);
      await attempt(delivery!, true);
      return deliveryById(id, deliveryId!);
    },

    async deliveries(auth: AuthContext, id: number): Promise<WebhookDelivery[]> {
      await ownEndpoint(auth, id);
      const rows = await deliveries.listDeliveries(db, id, WEBHOOK_DELIVERIES_LISTED);
      const attempts = await deliveries.attemptsOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => deliveryDto(row, attempts));
    },

    /** An admin's Retry: one attempt now, whatever the schedule says; answers the delivery after it. */
    async retry(auth: AuthContext, id: number, deliveryId: number): Promise<WebhookDelivery> {
      await ownEndpoint(auth, id);
      const delivery = await deliveries.findDeliveryToSend(db, auth.organization.id, id, deliveryId);
      if (!delivery) throw notFound(WebhookMessages.deliveryNotFound);
      await attempt(delivery, true);
      return deliveryById(id, deliveryId);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
