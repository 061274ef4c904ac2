import {
  type CancelSubscriptionBody,
  cancellationAnswerOf,
  canFlushKeys,
  type FlexUsage,
  Messages,
  type OfflineRequest,
  type SubscriptionDetail,
  SubscriptionMessages,
  type SubscriptionUpdate,
  usageDateRanges,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { NewPerpetualLicense, NewSubscription } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { DomainError, forbidden, notFound } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import { toPlanDto } from '../catalog';
import { type IssueOfflineLicense, makeOffline, offlineLicenseFile } from './offline.service';
import * as issues from './offline-issues.repository';
import { paymentDueDates } from './payment-due.repository';
import { lockForChange, visible as visibleTo } from './subscription-access';
import { cancelLocked } from './subscription-cancel';
import { recordCancellation } from './subscription-cancellations.repository';
import { toSubscriptionDto } from './subscription-dto';
import * as endings from './subscription-endings.repository';
import { announceSubscriptions } from './subscription-events';
import { updateSubscription } from './subscription-update';
import * as usage from './subscription-usage.repository';
import * as repo from './subscriptions.repository';
import * as counters from './usage-counters.repository';

/**
 * What subscriptions asks of licensing, handed in where the app is composed: licensing reads
 * subscriptions, so subscriptions cannot import it. Machines and license files stay licensing's.
 */
export interface LicensingForSubscriptions {
  /** Flush Keys: releases every machine activated against the subscription; answers how many. */
  deleteAllMachines(tx: DbOrTx, subscriptionId: number): Promise<number>;
  issueOfflineLicense: IssueOfflineLicense;
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'gateway'> & { licensing: LicensingForSubscriptions };

export function createSubscriptionService(deps: Deps) {
  const { db, clock } = deps;

  const visible = (auth: AuthContext, id: number, tx: DbOrTx = db) => visibleTo(tx, auth, id);

  /** docs/decisions/042: a subscription with a declined bill says by when to pay it. */
  const withPaymentDue = (dto: SubscriptionDetail, due: Map<number, Date>): SubscriptionDetail => {
    const by = due.get(dto.subscriptionId);
    return by ? { ...dto, paymentDueBy: by.toISOString() } : dto;
  };

  async function detail(auth: AuthContext, id: number, tx: DbOrTx = db): Promise<SubscriptionDetail> {
    const dto = toSubscriptionDto(await visible(auth, id, tx), auth.organization.id);
    return withPaymentDue(dto, await paymentDueDates(tx, auth.organization.id));
  }

  return {
    async list(auth: AuthContext): Promise<SubscriptionDetail[]> {
      const [records, due] = await Promise.all([
        repo.listVisible(db, auth.organization.id),
        paymentDueDates(db, auth.organization.id),
      ]);
      return records.map((r) => withPaymentDue(toSubscriptionDto(r, auth.organization.id), due));
    },

    get: detail,

    /** The plans the editor may offer: the product's available plans, plus the retired one in use. */
    async plans(auth: AuthContext, id: number) {
      const record = await visible(auth, id);
      const plans = await repo.plansOfProduct(db, record.plan.product);
      return plans
        .filter((p) => p.isAvailable || p.id === record.subscription.pricingPlanId)
        .map((p) => toPlanDto(p, p.productName));
    },

    /** The editor's save (docs/design.md §3); see subscription-update.ts. */
    async update(auth: AuthContext, id: number, body: SubscriptionUpdate) {
      const outcome = await updateSubscription(deps, (tx) => lockForChange(tx, auth, id), body);
      return { subscription: await detail(auth, id), ...outcome };
    },

    /**
     * Cancel: access lasts until the end of the paid period; no renewal follows (docs/design.md §3).
     * Why, when the customer says, is kept with the plan it was on, in the same transaction
     * (docs/decisions/035).
     */
    async cancel(auth: AuthContext, id: number, body?: CancelSubscriptionBody) {
      await db.transaction(async (tx) => {
        const record = await lockForChange(tx, auth, id);
        const now = clock.now();
        await cancelLocked(tx, record, 'periodEnd', now);
        await recordCancellation(tx, {
          subscriptionId: id,
          pricingPlanId: record.subscription.pricingPlanId,
          cancelledAt: now,
          ...cancellationAnswerOf(body),
        });
      });
      return detail(auth, id);
    },

    /** Flush Keys: every machine activated against the key is released at once (docs/design.md §5). */
    async flushKeys(auth: AuthContext, id: number) {
      return db.transaction(async (tx) => {
        const record = await lockForChange(tx, auth, id);
        if (!canFlushKeys(record.plan))
          throw new DomainError('CANNOT_FLUSH', SubscriptionMessages.cannotFlush);
        return { flushed: await deps.licensing.deleteAllMachines(tx, id) };
      });
    },

    /** Enable Offline (docs/design.md §5); see offline.service.ts. */
    async makeOffline(auth: AuthContext, body: OfflineRequest) {
      await makeOffline(deps, auth, body);
      return detail(auth, body.subscriptionId);
    },

    offlineLicenseFile: (auth: AuthContext, id: number) => offlineLicenseFile(deps, auth, id),

    async perpetualLicense(auth: AuthContext, id: number) {
      const record = await visible(auth, id);
      const license = await repo.findPerpetualLicense(db, id);
      if (!record.subscription.isPerpetualLicense || !license) throw notFound('Perpetual license not found.');
      return {
        description: license.description,
        version: license.version,
        product: license.product,
        numMachines: license.numMachines,
        numCpus: license.numCpus,
      };
    },

    /** The owner name of one of the caller's sub-accounts; anything else is a 404. */
    async subAccountName(auth: AuthContext, organizationId: number) {
      const org = await repo.findSubAccount(db, organizationId, auth.organization.id);
      if (!org) throw notFound('Organization not found.');
      return { organizationId: org.id, companyName: org.companyName };
    },

    /**
     * The usage screen (docs/spec.md §2): per-host RTUs over the subscription's last 12 usage cycles, read
     * from the daily rollups only. Total and unique machines are of the current cycle (the last range).
     */
    async detailedFlexUsage(auth: AuthContext, id: number): Promise<FlexUsage> {
      const record = await visible(auth, id);
      if (record.subscription.organizationId !== auth.organization.id) {
        // Only the owning organization sees usage (docs/spec.md §6).
        throw forbidden(Messages.belongsTo(record.owner.companyName));
      }
      const ranges = usageDateRanges(record.subscription.nextOverageBillingDate, clock.now());
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const bounds = [...ranges.map((r) => day(r.start)), day(ranges[ranges.length - 1]!.end)];
      const hosts = await usage.usageByHostAndRange(db, id, bounds);
      const last = ranges.length - 1;
      let totalThisCycle = 0;
      let machinesThisCycle = 0;
      const list = hosts.map(({ hostname, rangePages: dateRangePages }) => {
        const current = dateRangePages[last] ?? 0;
        totalThisCycle += current;
        if (current > 0) machinesThisCycle += 1;
        return { hostname, dateRangePages, totalPages: dateRangePages.reduce((a, b) => a + b, 0) };
      });
      list.sort((a, b) => b.totalPages - a.totalPages || a.hostname.localeCompare(b.hostname));
      return {
        description: record.subscription.description,
        refreshDate: ranges[last]!.end.toISOString(),
        totalPagesUsed: totalThisCycle,
        numMachines: machinesThisCycle,
        dateRanges: ranges.map((r) => r.label),
        runs: list,
      };
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

// What other modules ask of subscriptions. Each takes the caller's database or transaction, so a
// change here commits together with the caller's own rows (docs/conventions.md, "Each table has one owner").

export type { SubscriptionRecord } from './subscriptions.repository';
export type { UsageCounters } from './usage-counters.repository';

/** New subscriptions (a checkout's), each audited and announced as created; their ids, in order. */
export async function createSubscriptions(tx: DbOrTx, rows: NewSubscription[]): Promise<number[]> {
  const created = await repo.insertSubscriptions(tx, rows);
  for (const [i, id] of created.entries())
    await recordAudit(tx, 'subscription.created', { after: { ...rows[i], id } });
  await announceSubscriptions(
    tx,
    'subscription.created',
    created.map((id, i) => ({ id, organizationId: rows[i]!.organizationId })),
  );
  return created;
}

/** Subscriptions that existed before the store knew them (the demo's history): not audited as new. */
export const importSubscriptions = (tx: DbOrTx, rows: NewSubscription[]) =>
  repo.insertSubscriptions(tx, rows);

/** Perpetual licenses of imported subscriptions (the demo's history). */
export const importPerpetualLicenses = (tx: DbOrTx, rows: NewPerpetualLicense[]) =>
  repo.insertPerpetualLicenses(tx, rows);

/** The offline license file issued for a subscription (docs/design.md §5), announced as issued. */
export async function recordOfflineLicense(
  tx: DbOrTx,
  subscriptionId: number,
  file: string,
  at?: Date,
): Promise<void> {
  const organizationId = await repo.setOfflineLicense(tx, subscriptionId, file);
  if (organizationId !== null)
    await announceSubscriptions(tx, 'offline_license.issued', [{ id: subscriptionId, organizationId }], at);
}

export const findSubscription = (db: DbOrTx, id: number) => repo.findById(db, id);
export const findSubscriptionByLicenseKey = (db: DbOrTx, licenseKey: string) =>
  repo.findByLicenseKey(db, licenseKey);

/** Row lock: one license key's activations, or one change of the subscription, at a time. */
export const lockSubscriptionRow = (tx: DbOrTx, id: number) => repo.lockSubscription(tx, id);

/** Usage reported by a license's engines, counted toward the month's overage: parts of licensing's statement. */
export const usageCounterStatement = counters.usageCounterStatement;
/** After an offline usage file's commit: the read caches of every server forget it (see the repository). */
export const announceUsageChanged: typeof counters.announceUsageChanged = (...args) =>
  counters.announceUsageChanged(...args);
/** The demo's usage history rolled up into the counters. */
export const accrueFromRollups: typeof usage.accrueFromRollups = (...args) =>
  usage.accrueFromRollups(...args);

/** The operator lets a subscription's offline license be issued once more. */
export const allowOfflineReissue: typeof issues.allowOfflineReissue = (...args) =>
  issues.allowOfflineReissue(...args);

// Refunds' steps of a subscription's life (docs/design.md §3).
export const billCoversRunningPeriod: typeof endings.billCoversRunningPeriod = (...args) =>
  endings.billCoversRunningPeriod(...args);
/** A full refund of the running period ends its subscriptions now, each announced; their ids. */
export async function endRefundedSubscriptions(tx: DbOrTx, orderId: number, now: Date): Promise<number[]> {
  const ended = await endings.endRefundedSubscriptions(tx, orderId, now);
  await announceSubscriptions(tx, 'subscription.deactivated', ended, now);
  return ended.map((s) => s.id);
}
