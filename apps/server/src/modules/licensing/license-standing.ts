import { endedLicenseRefusal, type LicenseRefusal, licenseHasEnded } from '@store/core';
import type { DbOrTx } from '../../db/client';
import { hasOverdueUnpaidBill } from '../bills';
import type { SubscriptionRecord } from '../subscriptions';

/**
 * Why a license may not run now, or null when it may (core's rules). The bills are asked only for
 * a license that has ended, so a running license costs no query here.
 */
export async function licenseRefusal(
  db: DbOrTx,
  record: SubscriptionRecord,
  now: Date,
): Promise<LicenseRefusal | null> {
  const s = record.subscription;
  if (!licenseHasEnded(s, now)) return null;
  const overdue = !s.isActive && (await hasOverdueUnpaidBill(db, s.id));
  return endedLicenseRefusal(s, now, overdue);
}
