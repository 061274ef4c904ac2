import {
  type ActivationRequestFile,
  heartbeatCutoff,
  heartbeatWindowDays,
  isFloatingPlan,
  LeaseMessages,
  LicensingMessages,
  licenseId,
  Messages,
  normalizeReleaseCode,
  OfflineActivationMessages,
  type OfflineActivationResult,
  type ReleasedActivation,
  ValidationCode,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../lib/auth-context';
import { DomainError, forbidden, licenseRefused } from '../../lib/domain-error';
import { lockForChange, lockSubscriptionRow, type SubscriptionRecord, visible } from '../subscriptions';
import { signLicenseFile } from './license-file';
import type { SigningKeySource } from './license-keys';
import { licenseRefusal } from './license-standing';
import { activationLimit } from './licensing.service';
import * as offline from './offline-activation.repository';
import { tellIssued, tellReleased } from './offline-activity';
import { releaseCodeOf, sameCode, usageKeyOf } from './offline-file-keys';
import { licensePayloadOf } from './offline-license';

export type OfflineActivationDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & {
  signingKeys: SigningKeySource;
  /** The server's key for secrets (the one that seals two-factor secrets): usage keys derive from it. */
  serverKey: () => Promise<Buffer>;
};

/** The caller's organization's own subscription (a parent organization only reads a sub-account's). */
export async function ownSubscription(
  deps: Pick<AppDeps, 'db'>,
  auth: AuthContext,
  subscriptionId: number,
): Promise<SubscriptionRecord> {
  const record = await visible(deps.db, auth, subscriptionId);
  if (record.subscription.organizationId !== auth.organization.id) {
    throw forbidden(Messages.belongsTo(record.owner.companyName));
  }
  return record;
}

/**
 * Offline activation by request file (docs/decisions/040): an administrator uploads an engine's
 * activation request in the License section and the store answers a license file bound to that
 * machine's fingerprint, which holds a seat like an activated machine until it is released with its
 * release code or it expires.
 */
export function createOfflineActivationService(deps: OfflineActivationDeps) {
  const { db, clock } = deps;

  return {
    /** Signs the license file answering the request; a seat of its kind is taken for the fingerprint. */
    async answer(
      auth: AuthContext,
      subscriptionId: number,
      request: ActivationRequestFile,
    ): Promise<OfflineActivationResult> {
      const serverKey = await deps.serverKey();
      const keys = await deps.signingKeys(db);
      return db.transaction(async (tx) => {
        // The subscription's row lock serializes seats, as activation's does.
        const record = await lockForChange(tx, auth, subscriptionId);
        const s = record.subscription;
        if (!sameCode(s.apiKey1, request.licenseKey)) {
          throw new DomainError('LICENSE_KEY_MISMATCH', OfflineActivationMessages.keyMismatch);
        }
        const now = clock.now();
        const refusal = await licenseRefusal(tx, record, now);
        if (refusal) throw licenseRefused(refusal);
        if (request.kind === 'engine' && isFloatingPlan(record.plan)) {
          throw new DomainError(ValidationCode.Floating, LeaseMessages.floating);
        }
        // The same machine asking again gets a new file in its own seat, never a second seat.
        for (const old of await offline.liveOfflineActivations(tx, s.id, now, request.kind)) {
          if (old.fingerprint === request.fingerprint) {
            await offline.releaseOfflineActivation(tx, old.id, now, 'replaced');
          }
        }
        const limit = activationLimit(record, request.kind);
        const window = heartbeatWindowDays(record.plan.heartbeatWindowDays, deps.config.heartbeatWindowDays);
        if (limit !== null) {
          const used = await offline.seatsInUse(tx, s.id, request.kind, heartbeatCutoff(now, window), now);
          if (used >= limit) {
            throw new DomainError(
              ValidationCode.TooManyMachines,
              LicensingMessages.tooManyMachines(request.kind, limit),
            );
          }
        }
        const hosts = {
          engineHosts: request.kind === 'engine' ? [request.hostname] : [],
          designerHosts: request.kind === 'designer' ? [request.hostname] : [],
        };
        const payload = await licensePayloadOf(tx, record, keys.keyId, hosts, now);
        const row = await offline.insertOfflineActivation(tx, {
          subscriptionId: s.id,
          kind: request.kind,
          fingerprint: request.fingerprint,
          hostname: request.hostname,
          engineVersion: request.engineVersion,
          nonce: request.nonce,
          issuedAt: now,
          expiresAt: payload.expiry ? new Date(payload.expiry) : null,
        });
        const licenseFile = signLicenseFile(
          {
            ...payload,
            fileId: row.id,
            fingerprint: row.fingerprint,
            usageKey: usageKeyOf(serverKey, row.id),
          },
          keys.privateKey,
        );
        const answered: OfflineActivationResult = {
          fileId: row.id,
          kind: request.kind,
          hostname: row.hostname,
          fingerprint: row.fingerprint,
          issued: payload.issued,
          expiry: payload.expiry,
          fileName: `license_${licenseId(s.id)}_${row.hostname.replace(/[^A-Za-z0-9._-]/g, '_')}.lic`,
          licenseFile,
        };
        await tellIssued(tx, s, row, answered);
        return answered;
      });
    },

    /**
     * Frees the seat of the file whose release code this is: the engine printed it when it removed
     * the file. Only files still holding a seat are compared, each in constant time.
     */
    async release(auth: AuthContext, subscriptionId: number, typed: string): Promise<ReleasedActivation> {
      const record = await ownSubscription(deps, auth, subscriptionId);
      const serverKey = await deps.serverKey();
      const code = normalizeReleaseCode(typed);
      return db.transaction(async (tx) => {
        await lockSubscriptionRow(tx, record.subscription.id);
        const now = clock.now();
        for (const row of await offline.liveOfflineActivations(tx, record.subscription.id, now)) {
          const expected = releaseCodeOf(usageKeyOf(serverKey, row.id), row.id, row.fingerprint);
          if (!sameCode(expected, code)) continue;
          const released = await offline.releaseOfflineActivation(tx, row.id, now, 'code');
          const answered = {
            fileId: row.id,
            kind: row.kind as ReleasedActivation['kind'],
            hostname: row.hostname,
          };
          // The subscription's lock makes this the only release of the row: it is found live and freed here.
          if (released) await tellReleased(tx, record.subscription, row, released, answered);
          return answered;
        }
        throw new DomainError('RELEASE_CODE_WRONG', OfflineActivationMessages.releaseCodeWrong);
      });
    },
  };
}

export type OfflineActivationService = ReturnType<typeof createOfflineActivationService>;
