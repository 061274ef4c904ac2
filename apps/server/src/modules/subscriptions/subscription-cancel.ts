import { SubscriptionMessages } from '@store/core';
import type { Tx } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { LockedSubscription } from './subscription-access';
import { changeSubscription } from './subscription-audit';
import { announceSubscriptions } from './subscription-events';

/**
 * Cancels a locked subscription (docs/design.md §3), the customer's and the operator's alike: at the
 * end of the paid period no renewal follows; `now` ends it at once (the operator's choice). A
 * perpetual license is never cancelled. Answers the date it ends.
 */
export async function cancelLocked(
  tx: Tx,
  record: LockedSubscription,
  when: 'now' | 'periodEnd',
  now: Date,
): Promise<Date> {
  const s = record.subscription;
  if (s.isPerpetualLicense) throw new DomainError('PERPETUAL', SubscriptionMessages.perpetualNoCancel);
  const ends = when === 'now' ? now : (s.nextBaseBillingDate ?? now);
  const pendingCleared = {
    pendingPricingPlanId: null,
    pendingXtraAutoTags: null,
    pendingNumberMachines: null,
  };
  await changeSubscription(
    tx,
    s.id,
    {
      deactivateDate: ends,
      ...pendingCleared,
      ...(when === 'now' ? { isActive: false } : {}),
      version: s.version + 1,
    },
    s,
    'subscription.cancelled',
  );
  if (when === 'now')
    await announceSubscriptions(tx, 'subscription.deactivated', [
      { id: s.id, organizationId: s.organizationId },
    ]);
  return ends;
}
