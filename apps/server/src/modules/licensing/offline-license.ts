import { licenseId, offlineLicenseExpiry, productLabel, splitHosts } from '@store/core';
import type { Db, DbOrTx } from '../../db/client';
import { unpaidPeriodStartOf } from '../bills';
import {
  findSubscription,
  offlineSubscriptionsOfRenewals,
  recordOfflineLicense,
  type SubscriptionRecord,
} from '../subscriptions';
import { entitlementsOf } from './entitlements';
import { type IssuedLicensePayload, LICENSE_FILE_VERSION, signLicenseFile } from './license-file';
import type { SigningKeySource } from './license-keys';
import { lateOverageDue, markLateOverageBilled } from './offline-activation.repository';

// The signed offline license file (docs/design.md §5): what Enable Offline and each paid renewal issue.

/**
 * The payload every offline file is built from (Enable Offline's, a renewal's, an activation request's
 * answer): the subscription's license and plan, the hosts named, valid to the end of its last paid
 * period + 14 days: a renewal billed but not paid adds nothing (docs/design.md §3).
 */
export async function licensePayloadOf(
  db: DbOrTx,
  record: SubscriptionRecord,
  keyId: string,
  hosts: { engineHosts: string[]; designerHosts: string[] },
  now: Date,
): Promise<IssuedLicensePayload> {
  const s = record.subscription;
  return {
    ...licenseFields(record, keyId, hosts, now),
    expiry:
      offlineLicenseExpiry({
        isPerpetualLicense: s.isPerpetualLicense,
        nextBaseBillingDate: s.nextBaseBillingDate,
        unpaidPeriodStart: await unpaidPeriodStartOf(db, s.id),
      })?.toISOString() ?? null,
  };
}

/**
 * What every signed file says of its license, whatever it is (an offline file, a borrowed lease's):
 * the license and plan, the hosts it names, when it was issued and what it entitles; its expiry is
 * the caller's.
 */
export function licenseFields(
  record: SubscriptionRecord,
  keyId: string,
  hosts: { engineHosts: string[]; designerHosts: string[] },
  now: Date,
): Omit<IssuedLicensePayload, 'expiry'> {
  const s = record.subscription;
  return {
    version: LICENSE_FILE_VERSION,
    keyId,
    licenseId: licenseId(s.id),
    subscriptionId: s.id,
    description: s.description,
    product: record.plan.product,
    productName: productLabel(record.plan.product),
    plan: record.plan.planName,
    engineHosts: hosts.engineHosts,
    designerHosts: hosts.designerHosts,
    issued: now.toISOString(),
    entitlements: entitlementsOf(record),
  };
}

/**
 * Offline license files, signed with the key the process was composed with: Enable Offline (handed to
 * subscriptions), each paid renewal (handed to the billing engine and to payments) and the demo seed.
 * Each takes the caller's database or transaction, so a file is recorded with the caller's rows.
 */
export function createOfflineLicenseService(deps: { signingKeys: SigningKeySource }) {
  /** Signs the offline license file for a subscription (docs/design.md §5) naming these hosts. */
  async function issueOfflineLicense(
    db: DbOrTx,
    record: SubscriptionRecord,
    hosts: { engineHosts: string[]; designerHosts: string[] },
    now: Date,
  ): Promise<string> {
    const keys = await deps.signingKeys(db);
    const payload = await licensePayloadOf(db, record, keys.keyId, hosts, now);
    return signLicenseFile(payload, keys.privateKey);
  }

  /**
   * docs/design.md §5: each paid renewal issues a new offline license file (a new expiry). For the
   * billing engine to call inside its renewal transaction; does nothing for a subscription that is not
   * offline.
   */
  async function reissueOfflineLicense(tx: DbOrTx, subscriptionId: number, now: Date): Promise<boolean> {
    const record = await findSubscription(tx, subscriptionId);
    if (!record?.subscription.isOfflineEnabled) return false;
    const file = await issueOfflineLicense(
      tx,
      record,
      {
        engineHosts: splitHosts(record.subscription.offlineEngineHosts),
        designerHosts: splitHosts(record.subscription.offlineAutoTagHosts),
      },
      now,
    );
    await recordOfflineLicense(tx, subscriptionId, file, now);
    return true;
  }

  return {
    issueOfflineLicense,
    reissueOfflineLicense,
    /** The billing engine's overage run: late usage's overage goes on the next bill, once (decision 040). */
    lateOverageDue,
    markLateOverageBilled,
    /**
     * docs/design.md §5: each paid renewal issues a new offline license file, whose expiry follows the
     * newly paid period: after a card charge (the billing engine, a bill paid on the Pay Bills page) and
     * after the operator records an invoice's payment. Only offline-enabled subscriptions on renewal
     * bills are touched.
     */
    async reissueForPaidRenewals(db: Db, orderIds: number[], now: Date): Promise<void> {
      if (orderIds.length === 0) return;
      for (const id of await offlineSubscriptionsOfRenewals(db, orderIds)) {
        await db.transaction((tx) => reissueOfflineLicense(tx, id, now));
      }
    },
  };
}
export type OfflineLicenseService = ReturnType<typeof createOfflineLicenseService>;
