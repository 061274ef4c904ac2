import { LeaseMessages, leaseExpiry, ValidationCode } from '@store/core';
import type { AppDeps } from '../../app-deps';
import { DomainError } from '../../lib/domain-error';
import * as batches from './lease-batches.repository';
import type { LeaseRow } from './leases.repository';
import { createWriteBatches, type Outcome } from './write-batches';

/** A checkout as the batch needs it: the license's limit and lease length are read before, from cache. */
export interface CheckoutCall {
  subscriptionId: number;
  limit: number | null;
  minutes: number;
  fingerprint: string;
  hostname: string;
}

/** A checkout's lease: new (201), or the one the fingerprint already held, renewed (200). */
export interface CheckedOut {
  row: LeaseRow;
  alreadyHeld: boolean;
}

export interface RenewCall {
  subscriptionId: number;
  /** Of the lease id's shape (checked before): any other id would fail the whole statement. */
  leaseId: string;
  now: Date;
  expiresAt: Date;
}

// Batches written at once: each holds a pooled connection (10 per process) while it runs, and a
// checkout's holds its licenses' row locks; the calls that wait make the next ones. Two rather than
// three measured about an eighth more calls a second (larger batches, fewer database processes
// contending for two cores: docs/decisions/045), and a batch waiting on a lock still leaves one.
const RENEWALS_AT_ONCE = 2;
const CHECKOUTS_AT_ONCE = 2;
const MAX_BATCH = 200;
// Two processes' batches lock in the same (id) order, but another writer of subscriptions may lock
// rows in its own: PostgreSQL then aborts one transaction, which is simply written again.
const DEADLOCK_ATTEMPTS = 3;

const isDeadlock = (e: unknown) =>
  (e as { code?: string })?.code === '40P01' || (e as { cause?: { code?: string } })?.cause?.code === '40P01';

/**
 * The engines' lease writes, grouped (write-batches.ts, docs/decisions/045): renewals arriving
 * together are one UPDATE; checkouts arriving together are one statement (migration 0260's function)
 * that locks their licenses once (docs/decisions/034), clears ended leases, and decides each call in
 * turn, answering each caller its own lease or 409 TOO_MANY_LEASES.
 */
export function createLeaseWrites(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  const renewals = createWriteBatches<RenewCall, LeaseRow | null>({
    concurrency: RENEWALS_AT_ONCE,
    maxBatch: MAX_BATCH,
    keyOf: (call) => call.leaseId.toLowerCase(),
    async write(calls) {
      const rows = await batches.renewLeasesById(db, calls);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return calls.map((call) => ({ ok: byId.get(call.leaseId.toLowerCase()) ?? null }));
    },
  });

  /** One batch of checkouts, decided in the database one after another (migration 0260). */
  async function checkoutBatch(calls: CheckoutCall[]): Promise<Outcome<CheckedOut>[]> {
    const now = clock.now();
    const timed = calls.map((call) => ({ ...call, expiresAt: leaseExpiry(now, call.minutes) }));
    const rows = await batches.checkoutLeases(db, timed, now);
    return timed.map((call, i): Outcome<CheckedOut> => {
      const row = rows[i];
      if (!row) return { error: new Error('the batched checkout answered no row for a call') };
      if (row.outcome !== 'full') return { ok: { row: row.lease, alreadyHeld: row.outcome === 'held' } };
      return {
        error: new DomainError(
          ValidationCode.TooManyLeases,
          LeaseMessages.tooManyLeases(call.limit ?? 0, row.nextEndsAt),
          { extra: { nextLeaseEndsAt: row.nextEndsAt?.toISOString() ?? null } },
        ),
      };
    });
  }

  const checkouts = createWriteBatches<CheckoutCall, CheckedOut>({
    concurrency: CHECKOUTS_AT_ONCE,
    maxBatch: MAX_BATCH,
    async write(calls) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await checkoutBatch(calls);
        } catch (error) {
          if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
        }
      }
    },
  });

  return {
    /** The renewed lease, or null when it is gone or has lapsed. */
    renew: (call: RenewCall) => renewals.submit(call),
    /** A lease for the fingerprint, or DomainError TOO_MANY_LEASES at the license's limit. */
    checkout: (call: CheckoutCall) => checkouts.submit(call),
  };
}

export type LeaseWrites = ReturnType<typeof createLeaseWrites>;
