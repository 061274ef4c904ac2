import {
  borrowExpiry,
  isFloatingPlan,
  isLeaseHeld,
  isLeaseIdShape,
  type LeaseBorrowRequest,
  type LeaseCheckoutRequest,
  type LeaseKeyRequest,
  type LeaseList,
  LeaseMessages,
  type LeaseResult,
  LicensingMessages,
  leaseExpiry,
  leaseMinutesOf,
  licenseId,
  MAX_BORROW_DAYS,
  ValidationCode,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../lib/auth-context';
import { DomainError, licenseRefused, notFound } from '../../lib/domain-error';
import type { ReadCache } from '../../lib/read-cache';
import { lockForChange, type SubscriptionRecord, visible } from '../subscriptions';
import { entitlementsOf } from './entitlements';
import { createLeaseWrites } from './lease-writes';
import * as leases from './leases.repository';
import { signLicenseFile } from './license-file';
import type { SigningKeySource } from './license-keys';
import { createLicenseReads, type LicenseRead } from './license-reads';
import { licenseRefusal } from './license-standing';
import { activationLimit } from './licensing.service';
import { licenseFields } from './offline-license';

/**
 * Floating seats (docs/design.md §5a, docs/decisions/034): an engine of a floating license checks out
 * a lease, renews it by heartbeat before it runs out, and checks it in at exit; a lease nobody renews
 * ends by itself, so a killed container frees its seat within one lease length. Checkout at the limit
 * is serialized by the subscription's row lock, as activation is, so two engines racing for the last
 * seat cannot both win; checkouts and renewals arriving together are written together (lease-writes.ts).
 */
export function createLeasesService(
  deps: Pick<AppDeps, 'db' | 'clock'> & {
    signingKeys: SigningKeySource;
    licenses?: ReadCache<string, LicenseRead>;
  },
) {
  const { db, clock } = deps;
  const readLicense = createLicenseReads(db, deps.licenses);
  const writes = createLeaseWrites(deps);

  /** The license by its key (from the read cache), refused unless it may run now and its engines float. */
  async function floatingLicense(licenseKey: string): Promise<SubscriptionRecord> {
    const found = await readLicense(licenseKey);
    if (!found) throw new DomainError(ValidationCode.NotFound, LicensingMessages.notFound);
    const refusal = await licenseRefusal(db, found.record, clock.now());
    if (refusal) throw licenseRefused(refusal);
    if (!isFloatingPlan(found.record.plan)) {
      throw new DomainError(ValidationCode.NotFloating, LeaseMessages.notFloating);
    }
    return found.record;
  }

  const minutesOf = (record: SubscriptionRecord) => leaseMinutesOf(record.plan.leaseMinutes);

  /** A lease that could not be renewed or borrowed: lapsed (its row is still there) or gone. */
  async function missingLease(record: SubscriptionRecord, leaseId: string): Promise<never> {
    const row = await leases.findLease(db, record.subscription.id, leaseId);
    if (row)
      throw new DomainError(ValidationCode.LeaseExpired, LeaseMessages.leaseExpired(minutesOf(record)));
    throw new DomainError(ValidationCode.NoLease, LeaseMessages.noLease);
  }

  const result = (record: SubscriptionRecord, row: leases.LeaseRow, alreadyHeld: boolean): LeaseResult => ({
    licenseId: licenseId(record.subscription.id),
    leaseMinutes: minutesOf(record),
    alreadyHeld,
    lease: leases.toLeaseState(row),
    entitlements: entitlementsOf(record),
  });

  return {
    /**
     * Takes a floating seat for the fingerprint, up to the subscription's engines: 201 with a new lease,
     * 200 when the fingerprint already holds one (renewed: the same machine never holds two seats).
     * At the limit, 409 TOO_MANY_LEASES with when the next lease ends.
     */
    async checkout(body: LeaseCheckoutRequest) {
      const record = await floatingLicense(body.licenseKey);
      // Under the license's row lock, with the checkouts that arrived with it (lease-writes.ts).
      const { row, alreadyHeld } = await writes.checkout({
        subscriptionId: record.subscription.id,
        limit: activationLimit(record, 'engine'),
        minutes: minutesOf(record),
        fingerprint: body.fingerprint,
        hostname: body.hostname,
      });
      return alreadyHeld
        ? { status: 200 as const, body: result(record, row, true) }
        : { status: 201 as const, body: result(record, row, false) };
    },

    /**
     * The heartbeat of a lease: only a live lease is renewed, by one statement with the renewals
     * that arrived with it (lease-writes.ts), answered once that statement has committed.
     */
    async renew(leaseId: string, body: LeaseKeyRequest): Promise<LeaseResult> {
      const record = await floatingLicense(body.licenseKey);
      if (!isLeaseIdShape(leaseId)) return missingLease(record, leaseId);
      const now = clock.now();
      const row = await writes.renew({
        subscriptionId: record.subscription.id,
        leaseId,
        now,
        expiresAt: leaseExpiry(now, minutesOf(record)),
      });
      if (!row) return missingLease(record, leaseId);
      return result(record, row, true);
    },

    /**
     * Check-in at exit (or the return of a borrowed lease): the seat is free at once. The lease id is
     * the credential (a random UUID only the engine and the license's organization know), so an engine
     * checks in with nothing but it, even after its license stopped running: checking in only ever
     * frees a seat (docs/decisions/034).
     */
    async checkIn(leaseId: string) {
      const row = await leases.deleteLeaseById(db, leaseId);
      if (!row) throw new DomainError(ValidationCode.NoLease, LeaseMessages.noLease);
      return { leaseId: row.id, hostname: row.hostname };
    },

    /**
     * Borrows a live lease for offline use for up to the plan's borrow days: the seat stays held until
     * the lease is checked in or the borrow ends, and the answer carries a signed borrow file (a license
     * file naming the lease's host, expiring with the borrow) that the engine verifies offline.
     */
    async borrow(leaseId: string, body: LeaseBorrowRequest) {
      const record = await floatingLicense(body.licenseKey);
      const maxDays = Math.min(record.plan.borrowDays, MAX_BORROW_DAYS);
      if (body.days > maxDays)
        throw new DomainError(ValidationCode.BorrowLimit, LeaseMessages.borrowLimit(maxDays));
      const id = record.subscription.id;
      const now = clock.now();
      const until = borrowExpiry(now, body.days);
      const row = await leases.borrowLease(db, id, leaseId, now, until);
      if (!row) return missingLease(record, leaseId);
      const keys = await deps.signingKeys(db);
      const s = record.subscription;
      const borrowFile = signLicenseFile(
        {
          ...licenseFields(record, keys.keyId, { engineHosts: [row.hostname], designerHosts: [] }, now),
          expiry: until.toISOString(),
          leaseId: row.id,
          fingerprint: row.fingerprint,
        },
        keys.privateKey,
      );
      return {
        licenseId: licenseId(s.id),
        lease: leases.toLeaseState(row),
        borrowFile,
        entitlements: entitlementsOf(record),
      };
    },

    /** The License section's live leases: anyone who sees the subscription sees them. */
    async list(auth: AuthContext, subscriptionId: number): Promise<LeaseList> {
      const record = await visible(db, auth, subscriptionId);
      const rows = isFloatingPlan(record.plan)
        ? await leases.liveLeases(db, subscriptionId, clock.now())
        : [];
      return {
        leaseMinutes: minutesOf(record),
        borrowDays: record.plan.borrowDays,
        engines: { used: rows.length, limit: activationLimit(record, 'engine') },
        leases: rows.map(leases.toLeaseState),
      };
    },

    /** End, by a person with the Licenses role (as Deactivate): the seat is free at once; the engine's renewal fails. */
    async end(auth: AuthContext, subscriptionId: number, leaseId: string) {
      return db.transaction(async (tx) => {
        await lockForChange(tx, auth, subscriptionId);
        const row = await leases.deleteLease(tx, subscriptionId, leaseId);
        if (!row || !isLeaseHeld(row.expiresAt, clock.now())) throw notFound(LeaseMessages.noLease);
        return { leaseId: row.id, hostname: row.hostname };
      });
    },
  };
}

export type LeasesService = ReturnType<typeof createLeasesService>;
