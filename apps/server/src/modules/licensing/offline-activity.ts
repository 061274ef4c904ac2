import type { WebhookEventType } from '@store/core';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../audit';
import { recordEvent } from '../webhooks';
import type { OfflineActivationRow } from './offline-activation.repository';

type Owner = { id: number; organizationId: number };

/**
 * What the License section's offline uploads did, told the two ways every change is (docs/decisions/017
 * and 027): an Activity entry and a webhook event, both in the transaction that makes the change, so a
 * refused or rolled-back upload leaves neither. The event's data is the route's answer with the
 * subscription it belongs to, as machine events carry it.
 */
async function told(
  tx: DbOrTx,
  subscription: Owner,
  audit: Parameters<typeof recordAudit>[1],
  change: { before?: object; after: object },
  event: WebhookEventType,
  answer: object,
): Promise<void> {
  await recordAudit(tx, audit, {
    before: change.before as Record<string, unknown> | undefined,
    after: change.after as Record<string, unknown>,
    organizationId: subscription.organizationId,
  });
  await recordEvent(
    tx,
    subscription.organizationId,
    event,
    { subscriptionId: subscription.id, ...answer },
    { subscriptionId: subscription.id },
  );
}

/** A request answered with a license file: the file's row and the answer (the file with it). */
export const tellIssued = (tx: DbOrTx, subscription: Owner, row: OfflineActivationRow, answer: object) =>
  told(tx, subscription, 'offline-activation.issued', { after: row }, 'offline_activation.issued', answer);

/** A seat freed by its release code: the row before and after, and the answer. */
export const tellReleased = (
  tx: DbOrTx,
  subscription: Owner,
  before: OfflineActivationRow,
  after: OfflineActivationRow,
  answer: object,
) =>
  told(
    tx,
    subscription,
    'offline-activation.released',
    { before, after },
    'offline_activation.released',
    answer,
  );

/** A usage file counted: its answer (reports counted, repeats, pages, late months). */
export const tellUsageAccepted = (
  tx: DbOrTx,
  subscription: Owner,
  answer: { hostname: string; accepted: number; duplicates: number; pages: number },
) => told(tx, subscription, 'usage-file.accepted', { after: answer }, 'usage_file.accepted', answer);
