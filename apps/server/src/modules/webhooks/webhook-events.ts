import type { WebhookEventType } from '@store/core';
import type { DbOrTx } from '../../db/client';
import { changeTime } from '../audit';
import { insertEvent, insertEvents, organizationsTaking } from './webhook-events.repository';
import { newMessageId } from './webhook-message';

/** What an event is about: its organization and, for a subscription's events, the subscription. */
export interface EventSubject {
  organizationId: number;
  subscriptionId?: number;
}

const orderingKey = (about: EventSubject) =>
  about.subscriptionId === undefined
    ? `organization:${about.organizationId}`
    : `subscription:${about.subscriptionId}`;

/**
 * Records that `type` happened to the organization, inside the transaction that makes it happen
 * (docs/design.md §5a "Events"): if that transaction rolls back, no message is ever sent; once it
 * commits, the webhook sender sends one to every endpoint that takes the event, at least once.
 * `data` has the shape the API answers for the object. Messages about one subscription reach an
 * endpoint in the order they were recorded; others in the order of the organization.
 */
export async function recordEvent(
  tx: DbOrTx,
  organizationId: number,
  type: WebhookEventType,
  data: object,
  about: {
    subscriptionId?: number;
    /** When it happened, for work on a clock of its own (the billing engine); else the change's time. */
    at?: Date;
  } = {},
): Promise<void> {
  await insertEvent(tx, {
    messageId: newMessageId(),
    organizationId,
    type,
    data,
    orderingKey: orderingKey({ organizationId, subscriptionId: about.subscriptionId }),
    at: about.at ?? changeTime(),
  });
}

/**
 * recordEvent for many subjects at once (the billing engine's batches), or for one whose `data`
 * costs a read. `dataOf` is called only with the subjects some endpoint takes the event for, and
 * answers their data in the same order; the rest cost one index read per call and nothing else.
 * `at`: the time of the change by the clock of work done outside a request (the billing engine's).
 */
export async function recordEvents<S extends EventSubject>(
  tx: DbOrTx,
  type: WebhookEventType,
  subjects: readonly S[],
  dataOf: (subjects: S[]) => Promise<object[]>,
  at: Date = changeTime(),
): Promise<void> {
  if (subjects.length === 0) return;
  const taking = await organizationsTaking(
    tx,
    type,
    subjects.map((s) => s.organizationId),
  );
  const listened = subjects.filter((s) => taking.has(s.organizationId));
  if (listened.length === 0) return;
  const data = await dataOf(listened);
  await insertEvents(
    tx,
    type,
    listened.map((s, i) => ({
      messageId: newMessageId(),
      organizationId: s.organizationId,
      data: data[i],
      orderingKey: orderingKey(s),
    })),
    at,
  );
}
