import {
  designerHostCount,
  isProPlan,
  joinHosts,
  Messages,
  type OfflineRequest,
  SubscriptionMessages,
  splitHosts,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { badRequest, DomainError, forbidden, notFound } from '../../lib/domain-error';
import { hasOutstandingBill } from '../bills';
import { hostChangesInPeriod, insertOfflineIssue } from './offline-issues.repository';
import { lockForChange, visible } from './subscription-access';
import { changeSubscription } from './subscription-audit';
import { toSubscriptionDto } from './subscription-dto';
import { announceSubscriptions } from './subscription-events';
import type * as repo from './subscriptions.repository';

/** Signs a subscription's offline license file (licensing's, handed in: see LicensingForSubscriptions). */
export type IssueOfflineLicense = (
  tx: DbOrTx,
  record: repo.SubscriptionRecord,
  hosts: { engineHosts: string[]; designerHosts: string[] },
  now: Date,
) => Promise<string>;

type Deps = Pick<AppDeps, 'db' | 'clock'> & { licensing: { issueOfflineLicense: IssueOfflineLicense } };

// Offline use (docs/design.md §5): the signed license file and the hosts it names.

/** Enable Offline: checks the hosts against the licensed counts, signs the license file. */
export async function makeOffline(deps: Deps, auth: AuthContext, body: OfflineRequest): Promise<void> {
  const { db, clock } = deps;
  const id = body.subscriptionId;
  await db.transaction(async (tx) => {
    const record = await lockForChange(tx, auth, id);
    const s = record.subscription;
    if (!s.allowOffline) throw new DomainError('OFFLINE_NOT_ALLOWED', SubscriptionMessages.offlineNotAllowed);
    const engineHosts = splitHosts(body.engineHostNames);
    const designerHosts = splitHosts(body.autoTagHostNames);
    const engines = isProPlan(record.plan) ? s.numberMachines : 0;
    const designers = designerHostCount(record.plan, s.xtraAutoTags);
    if (engineHosts.length !== engines) {
      throw badRequest(
        SubscriptionMessages.hostCount('Engine hosts', engines, engineHosts.length),
        'engineHostNames',
      );
    }
    if (designerHosts.length !== designers) {
      throw badRequest(
        SubscriptionMessages.hostCount('Designer hosts', designers, designerHosts.length),
        'autoTagHostNames',
      );
    }
    const distinct = (hosts: string[]) => new Set(hosts.map((h) => h.toLowerCase())).size === hosts.length;
    if (!distinct(engineHosts))
      throw badRequest(SubscriptionMessages.duplicateHosts('Engine hosts'), 'engineHostNames');
    if (!distinct(designerHosts)) {
      throw badRequest(SubscriptionMessages.duplicateHosts('Designer hosts'), 'autoTagHostNames');
    }
    // docs/design.md §3, §5: no file is issued while a bill of the subscription is unpaid, so a file never
    // outlives payment; its hosts change once per paid period unless the operator allowed more.
    if (await hasOutstandingBill(tx, id)) {
      throw new DomainError('BILL_OUTSTANDING', SubscriptionMessages.offlineBillOutstanding);
    }
    const changesHosts =
      s.isOfflineEnabled &&
      (!sameHosts(s.offlineEngineHosts, engineHosts) || !sameHosts(s.offlineAutoTagHosts, designerHosts));
    let allowed = s.offlineReissuesAllowed;
    if (changesHosts && (await hostChangesInPeriod(tx, id, s.currentPeriodStart)) >= 1) {
      if (allowed < 1)
        throw new DomainError('OFFLINE_REISSUE_LIMIT', SubscriptionMessages.offlineReissueLimit);
      allowed -= 1;
    }
    const now = clock.now();
    const file = await deps.licensing.issueOfflineLicense(tx, record, { engineHosts, designerHosts }, now);
    await changeSubscription(
      tx,
      id,
      {
        isOfflineEnabled: true,
        offlineLicenseKey: file,
        offlineEngineHosts: joinHosts(engineHosts),
        offlineAutoTagHosts: joinHosts(designerHosts),
        offlineReissuesAllowed: allowed,
        version: s.version + 1,
      },
      s,
    );
    await insertOfflineIssue(tx, {
      subscriptionId: id,
      issuedAt: now,
      periodStart: s.currentPeriodStart,
      engineHosts: joinHosts(engineHosts),
      designerHosts: joinHosts(designerHosts),
      replacedEngineHosts: changesHosts ? (s.offlineEngineHosts ?? '') : null,
      replacedDesignerHosts: changesHosts ? (s.offlineAutoTagHosts ?? '') : null,
    });
    // After subscription.updated (changeSubscription): offline use is on, then its file is out.
    await announceSubscriptions(tx, 'offline_license.issued', [{ id, organizationId: s.organizationId }]);
  });
}

/** The same host names, whatever their order or case. */
const sameHosts = (saved: string | null, hosts: string[]) => {
  const norm = (list: string[]) =>
    list
      .map((h) => h.toLowerCase())
      .sort()
      .join(';');
  return norm(splitHosts(saved)) === norm(hosts);
};

/** The signed license file of an offline subscription of the caller's own organization. */
export async function offlineLicenseFile({ db }: Pick<AppDeps, 'db'>, auth: AuthContext, id: number) {
  const record = await visible(db, auth, id);
  if (record.subscription.organizationId !== auth.organization.id) {
    throw forbidden(Messages.belongsTo(record.owner.companyName));
  }
  if (!record.subscription.offlineLicenseKey) throw notFound(SubscriptionMessages.noOfflineLicense);
  return {
    file: record.subscription.offlineLicenseKey,
    licenseId: toSubscriptionDto(record, auth.organization.id).licenseId,
  };
}
