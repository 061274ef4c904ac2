import { isCancelled, Messages, SubscriptionMessages } from '@store/core';
import type { DbOrTx, Tx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { DomainError, forbidden, notFound } from '../../lib/domain-error';
import { chargeInFlight } from '../bills';
import * as repo from './subscriptions.repository';

/** 404 for anything the caller's organization cannot see (docs/design.md §4: never leak existence). */
export async function visible(db: DbOrTx, auth: AuthContext, id: number): Promise<repo.SubscriptionRecord> {
  const record = await repo.findVisible(db, id, auth.organization.id);
  if (!record) throw notFound('Subscription not found.');
  return record;
}

/**
 * The gate of every change: visible, owned (a sub-account's subscription is read-only from the
 * parent: 403 naming the owner), not cancelled, and no change of it being charged
 * (docs/design.md §3: a save, a cancel and a renewal never interleave). Locks the row.
 */
export async function lockForChange(tx: Tx, auth: AuthContext, id: number) {
  const record = await visible(tx, auth, id);
  if (record.subscription.organizationId !== auth.organization.id) {
    throw forbidden(Messages.belongsTo(record.owner.companyName));
  }
  return lockRecord(tx, record);
}

/** The gate of what the store's operator changes: the organization's own subscription, as the customer's gate. */
export async function lockForOperator(tx: Tx, organizationId: number, id: number, missing: string) {
  const record = await repo.findById(tx, id);
  if (!record || record.subscription.organizationId !== organizationId) throw notFound(missing);
  return lockRecord(tx, record);
}

/** A subscription that is being changed: locked, not cancelled, no change of it being charged. */
export type LockedSubscription = repo.SubscriptionRecord;

async function lockRecord(tx: Tx, record: repo.SubscriptionRecord): Promise<LockedSubscription> {
  const id = record.subscription.id;
  const locked = await repo.lockSubscription(tx, id);
  if (!locked) throw notFound('Subscription not found.');
  if (isCancelled(locked)) throw new DomainError('CANCELLED', SubscriptionMessages.cancelledReadOnly);
  if (await chargeInFlight(tx, id))
    throw new DomainError('CONFLICT', SubscriptionMessages.changeBeingCharged);
  return { ...record, subscription: locked };
}
