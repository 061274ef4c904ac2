import {
  BillStatus,
  canFlushKeys,
  designerHostCount,
  type FlexUsage,
  formatLongDate,
  formatUsd,
  isCancelled,
  isProPlan,
  joinHosts,
  Messages,
  type OfflineRequest,
  overageFigureCents,
  pricePerCycleCents,
  productLabel,
  proratedChargeCents,
  type SubscriptionDetail,
  SubscriptionMessages,
  type SubscriptionUpdate,
  splitHosts,
  toCents,
  usageDateRanges,
} from '@store/core';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import type { DbOrTx, Tx } from '../../db/client';
import { orderLines, orders, paymentAttempts, subscriptions } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { RIGHT_ADMIN } from '../../plugins/auth';
import { toPlanDto } from '../catalog/catalog.repository';
import type { AuthContext } from '../identity/session.service';
import { issueOfflineLicense } from '../licensing/licensing.service';
import * as repo from './subscriptions.repository';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'gateway'>;

const isAdmin = (auth: AuthContext) => (auth.person.rights & RIGHT_ADMIN) !== 0;

const sameTerms = (
  a: { pricingPlanId: number; xtraAutoTags: number; numberMachines: number },
  b: { pricingPlanId: number; xtraAutoTags: number; numberMachines: number },
) =>
  a.pricingPlanId === b.pricingPlanId &&
  a.xtraAutoTags === b.xtraAutoTags &&
  a.numberMachines === b.numberMachines;

const cycleCents = (
  plan: repo.PlanRow,
  terms: { xtraAutoTags: number; numberMachines: number },
  s: repo.SubscriptionRow,
  orgDiscountBp: number,
) =>
  pricePerCycleCents({
    plan,
    numberMachines: terms.numberMachines,
    xtraAutoTags: terms.xtraAutoTags,
    billingMode: s.billingMode,
    cycleDiscountBp: s.billingModeDiscountBp,
    orgDiscountBp,
  });

export function createSubscriptionService(deps: Deps) {
  const { db, clock } = deps;

  /** 404 for anything the caller's organization cannot see (DESIGN.md §4: never leak existence). */
  async function visible(auth: AuthContext, id: number, tx: DbOrTx = db): Promise<repo.SubscriptionRecord> {
    const record = await repo.findVisible(tx, id, auth.organization.id);
    if (!record) throw notFound('Subscription not found.');
    return record;
  }

  /**
   * The gate of every change (issue 6, part 5): visible, owned (a sub-account's subscription is
   * read-only from the parent: 403 naming the owner), by an admin, and not cancelled. Locks the row.
   */
  async function lockForChange(tx: Tx, auth: AuthContext, id: number) {
    const record = await visible(auth, id, tx);
    if (record.subscription.organizationId !== auth.organization.id) {
      throw forbidden(Messages.belongsTo(record.owner.companyName));
    }
    if (!isAdmin(auth)) throw forbidden(SubscriptionMessages.adminOnly);
    const locked = await repo.lockSubscription(tx, id);
    if (!locked) throw notFound('Subscription not found.');
    if (isCancelled(locked)) throw conflict(SubscriptionMessages.cancelledReadOnly, 'CANCELLED');
    return { ...record, subscription: locked };
  }

  async function detail(auth: AuthContext, id: number, tx: DbOrTx = db): Promise<SubscriptionDetail> {
    return repo.toSubscriptionDto(await visible(auth, id, tx), auth.organization.id);
  }

  return {
    async list(auth: AuthContext): Promise<SubscriptionDetail[]> {
      const records = await repo.listVisible(db, auth.organization.id);
      return records.map((r) => repo.toSubscriptionDto(r, auth.organization.id));
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

    /**
     * The editor's save (DESIGN.md §3). Name and max overages apply at once. For plan, engines and
     * designers the body states the wanted terms: a higher cycle fee applies now with a prorated
     * charge for the rest of the paid period (refused, with nothing changed, if the card declines);
     * a lower or equal fee waits for the next renewal as a pending change; the current terms clear it.
     */
    async update(auth: AuthContext, id: number, body: SubscriptionUpdate) {
      const now = clock.now();
      const prepared = await db.transaction(async (tx) => {
        const record = await lockForChange(tx, auth, id);
        const s = record.subscription;
        if (body.version !== s.version) throw conflict(SubscriptionMessages.staleVersion, 'STALE_VERSION');

        const wanted = {
          pricingPlanId: body.pricingPlanId,
          xtraAutoTags: body.xtraAutoTags,
          numberMachines: body.numberMachines,
        };
        const pendingTerms = {
          pricingPlanId: s.pendingPricingPlanId ?? s.pricingPlanId,
          xtraAutoTags: s.pendingXtraAutoTags ?? s.xtraAutoTags,
          numberMachines: s.pendingNumberMachines ?? s.numberMachines,
        };
        const capCents = toCents(body.maxAdditionalMonthlyCharge);
        const nothingChanged =
          body.description === s.description &&
          capCents === s.maxAdditionalMonthlyChargeCents &&
          sameTerms(wanted, pendingTerms);
        if (nothingChanged) return { kind: 'none' as const };

        if (s.isOfflineEnabled) throw conflict(SubscriptionMessages.offlineReadOnly, 'OFFLINE');
        const termsChanged = !sameTerms(wanted, s);
        if (s.isPerpetualLicense && (termsChanged || capCents !== s.maxAdditionalMonthlyChargeCents)) {
          throw conflict(SubscriptionMessages.perpetualFixed, 'PERPETUAL');
        }

        const plan =
          wanted.pricingPlanId === s.pricingPlanId
            ? record.plan
            : await repo.findPlan(tx, wanted.pricingPlanId);
        if (
          !plan ||
          plan.product !== record.plan.product ||
          (!plan.isAvailable && plan.id !== s.pricingPlanId)
        ) {
          throw badRequest(`pricingPlanId: ${SubscriptionMessages.planNotOffered}`);
        }
        if (isProPlan(plan) && wanted.numberMachines < 1)
          throw badRequest(`numberMachines: ${Messages.enginesMinimum}`);
        if (!isProPlan(plan) && wanted.numberMachines !== 0) {
          throw badRequest(`numberMachines: ${SubscriptionMessages.enginesOnlyForPro}`);
        }
        if (wanted.xtraAutoTags > 0 && !plan.allowXtraAutoTag) {
          throw badRequest(`xtraAutoTags: ${SubscriptionMessages.noExtraDesigners}`);
        }
        const accrued = overageFigureCents({
          accruedRtusThisMonth: s.accruedRtusThisMonth,
          billedRtusThisMonth: s.billedRtusThisMonth,
          annualUsageReset: s.annualUsageReset,
          baseRtus: record.plan.baseRtus,
          overagePerRtuMicros: record.plan.overagePerRtuMicros,
          overageChargesPaidThisMonthCents: s.overageChargesPaidThisMonthCents,
        });
        if (capCents < accrued) {
          throw badRequest(
            `maxAdditionalMonthlyCharge: ${SubscriptionMessages.maxOveragesBelowAccrued(formatUsd(accrued))}`,
          );
        }

        const oldCents = cycleCents(record.plan, s, s, record.owner.discountBp);
        const newCents = cycleCents(plan, wanted, s, record.owner.discountBp);
        const increase = termsChanged && newCents > oldCents;
        const base = {
          description: body.description,
          maxAdditionalMonthlyChargeCents: capCents,
          version: s.version + 1,
        };

        if (!increase) {
          // Same or lower fee: the current terms run to the renewal; the wanted ones follow it.
          await tx
            .update(subscriptions)
            .set({
              ...base,
              pendingPricingPlanId: termsChanged ? wanted.pricingPlanId : null,
              pendingXtraAutoTags: termsChanged ? wanted.xtraAutoTags : null,
              pendingNumberMachines: termsChanged ? wanted.numberMachines : null,
            })
            .where(eq(subscriptions.id, id));
          return { kind: 'saved' as const, pending: termsChanged };
        }

        const applyNow = {
          ...base,
          pricingPlanId: wanted.pricingPlanId,
          xtraAutoTags: wanted.xtraAutoTags,
          numberMachines: wanted.numberMachines,
          pendingPricingPlanId: null,
          pendingXtraAutoTags: null,
          pendingNumberMachines: null,
        };
        const amount =
          s.nextBaseBillingDate === null
            ? 0
            : proratedChargeCents({
                oldCycleCents: oldCents,
                newCycleCents: newCents,
                periodStart: s.currentPeriodStart,
                periodEnd: s.nextBaseBillingDate,
                now,
              });
        if (amount === 0) {
          await tx.update(subscriptions).set(applyNow).where(eq(subscriptions.id, id));
          return { kind: 'saved' as const, pending: false };
        }

        const line = {
          subscriptionId: id,
          description: `Change of ${body.description}: ${plan.planName}${isProPlan(plan) ? `, ${wanted.numberMachines} engine(s)` : ''}, ${wanted.xtraAutoTags} additional designer(s), prorated to ${formatLongDate(s.nextBaseBillingDate!)}`,
          productName: productLabel(plan.product),
          planName: plan.planName,
          billingMode: s.billingMode,
          periodStart: now,
          periodEnd: s.nextBaseBillingDate,
          listCents: amount,
          discountCents: 0,
          amountCents: amount,
        };

        if (record.owner.billedByInvoice) {
          // Invoice-billed organizations get an invoice with the usual 14 days, no card charge.
          const [order] = await tx
            .insert(orders)
            .values({
              organizationId: auth.organization.id,
              kind: 'proration',
              status: BillStatus.OfflineInvoice,
              totalCents: amount,
              billingDate: now,
              dueDate: new Date(now.getTime() + 14 * 86_400_000),
            })
            .returning({ id: orders.id });
          await tx.insert(orderLines).values({ ...line, orderId: order!.id });
          await tx.update(subscriptions).set(applyNow).where(eq(subscriptions.id, id));
          return { kind: 'saved' as const, pending: false, orderId: order!.id, chargedCents: amount };
        }

        if (!record.owner.paymentMethodId || !record.owner.gatewayCustomerId) {
          throw conflict(SubscriptionMessages.noPaymentMethod, 'NO_PAYMENT_METHOD');
        }
        // Derived from the subscription, the version read, the card and the amount: a retried save
        // (or one after a crash) reuses the gateway's first answer; a new card is a new attempt.
        const key = `proration:${id}:v${s.version}:${record.owner.paymentMethodId}:${amount}`;
        const existing = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.organizationId, auth.organization.id), eq(orders.idempotencyKey, key)))
          .limit(1);
        let orderId = existing[0]?.id;
        if (orderId === undefined) {
          const [order] = await tx
            .insert(orders)
            .values({
              organizationId: auth.organization.id,
              kind: 'proration',
              status: BillStatus.ChargePending,
              totalCents: amount,
              billingDate: now,
              idempotencyKey: key,
              request: { subscriptionId: id, ...body },
            })
            .returning({ id: orders.id });
          orderId = order!.id;
          await tx.insert(orderLines).values({ ...line, orderId });
          await tx
            .insert(paymentAttempts)
            .values({ orderId, gatewayKey: key, amountCents: amount, status: 'started', createdAt: now });
        }
        return {
          kind: 'charge' as const,
          orderId,
          key,
          amount,
          applyNow,
          customerId: record.owner.gatewayCustomerId,
          paymentMethodId: record.owner.paymentMethodId,
          description: line.description,
        };
      });

      if (prepared.kind === 'none') {
        return { subscription: await detail(auth, id), chargedCents: 0, orderId: null, pending: false };
      }
      if (prepared.kind === 'saved') {
        return {
          subscription: await detail(auth, id),
          chargedCents: prepared.chargedCents ?? 0,
          orderId: prepared.orderId ?? null,
          pending: prepared.pending,
        };
      }

      // No database lock is held across the gateway call (DESIGN.md §3).
      const result = await deps.gateway.charge({
        customerId: prepared.customerId,
        paymentMethodId: prepared.paymentMethodId,
        amountCents: prepared.amount,
        idempotencyKey: prepared.key,
        description: prepared.description,
      });
      if (result.status === 'declined') {
        // Nothing changed: the pending order goes (its lines and attempt with it).
        await db.delete(orders).where(eq(orders.id, prepared.orderId));
        throw new HttpError(402, result.message, 'CARD_DECLINED');
      }
      await db.transaction(async (tx) => {
        // The card was charged for exactly these terms, so they apply even if another save landed
        // in between (the version moves on either way).
        const current = await repo.lockSubscription(tx, id);
        await tx
          .update(subscriptions)
          .set({ ...prepared.applyNow, version: (current?.version ?? 0) + 1 })
          .where(eq(subscriptions.id, id));
        await tx
          .update(orders)
          .set({ status: BillStatus.ChargePaid, paidAt: clock.now() })
          .where(eq(orders.id, prepared.orderId));
        await tx
          .update(paymentAttempts)
          .set({ status: 'succeeded', gatewayChargeId: result.chargeId })
          .where(eq(paymentAttempts.gatewayKey, prepared.key));
      });
      return {
        subscription: await detail(auth, id),
        chargedCents: prepared.amount,
        orderId: prepared.orderId,
        pending: false,
      };
    },

    /** Cancel: access lasts until the end of the paid period; no renewal follows (DESIGN.md §3). */
    async cancel(auth: AuthContext, id: number) {
      await db.transaction(async (tx) => {
        const record = await lockForChange(tx, auth, id);
        const s = record.subscription;
        if (s.isPerpetualLicense) throw conflict(SubscriptionMessages.perpetualNoCancel, 'PERPETUAL');
        await tx
          .update(subscriptions)
          .set({
            deactivateDate: s.nextBaseBillingDate ?? clock.now(),
            pendingPricingPlanId: null,
            pendingXtraAutoTags: null,
            pendingNumberMachines: null,
            version: s.version + 1,
          })
          .where(eq(subscriptions.id, id));
      });
      return detail(auth, id);
    },

    /** Flush Keys: every machine activated against the key is released at once (DESIGN.md §5). */
    async flushKeys(auth: AuthContext, id: number) {
      return db.transaction(async (tx) => {
        const record = await lockForChange(tx, auth, id);
        if (!canFlushKeys(record.plan)) throw conflict(SubscriptionMessages.cannotFlush, 'CANNOT_FLUSH');
        return { flushed: await repo.deleteActivations(tx, id) };
      });
    },

    /** Enable Offline: checks the hosts against the licensed counts, signs the license file. */
    async makeOffline(auth: AuthContext, body: OfflineRequest) {
      const id = body.subscriptionId;
      await db.transaction(async (tx) => {
        const record = await lockForChange(tx, auth, id);
        const s = record.subscription;
        if (!s.allowOffline) throw conflict(SubscriptionMessages.offlineNotAllowed, 'OFFLINE_NOT_ALLOWED');
        const engineHosts = splitHosts(body.engineHostNames);
        const designerHosts = splitHosts(body.autoTagHostNames);
        const engines = isProPlan(record.plan) ? s.numberMachines : 0;
        const designers = designerHostCount(record.plan, s.xtraAutoTags);
        if (engineHosts.length !== engines) {
          throw badRequest(
            `engineHostNames: ${SubscriptionMessages.hostCount('Engine hosts', engines, engineHosts.length)}`,
          );
        }
        if (designerHosts.length !== designers) {
          throw badRequest(
            `autoTagHostNames: ${SubscriptionMessages.hostCount('Designer hosts', designers, designerHosts.length)}`,
          );
        }
        const distinct = (hosts: string[]) =>
          new Set(hosts.map((h) => h.toLowerCase())).size === hosts.length;
        if (!distinct(engineHosts))
          throw badRequest(`engineHostNames: ${SubscriptionMessages.duplicateHosts('Engine hosts')}`);
        if (!distinct(designerHosts)) {
          throw badRequest(`autoTagHostNames: ${SubscriptionMessages.duplicateHosts('Designer hosts')}`);
        }
        const file = await issueOfflineLicense(tx, record, { engineHosts, designerHosts }, clock.now());
        await tx
          .update(subscriptions)
          .set({
            isOfflineEnabled: true,
            offlineLicenseKey: file,
            offlineEngineHosts: joinHosts(engineHosts),
            offlineAutoTagHosts: joinHosts(designerHosts),
            version: s.version + 1,
          })
          .where(eq(subscriptions.id, id));
      });
      return detail(auth, id);
    },

    /** The signed license file of an offline subscription of the caller's own organization. */
    async offlineLicenseFile(auth: AuthContext, id: number) {
      const record = await visible(auth, id);
      if (record.subscription.organizationId !== auth.organization.id) {
        throw forbidden(Messages.belongsTo(record.owner.companyName));
      }
      if (!record.subscription.offlineLicenseKey) throw notFound(SubscriptionMessages.noOfflineLicense);
      return {
        file: record.subscription.offlineLicenseKey,
        licenseId: repo.toSubscriptionDto(record, auth.organization.id).licenseId,
      };
    },

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
     * The usage screen (SPEC.md §2): per-host RTUs over the subscription's last 12 usage cycles, read
     * from the daily rollups only. Total and unique machines are of the current cycle (the last range).
     */
    async detailedFlexUsage(auth: AuthContext, id: number): Promise<FlexUsage> {
      const record = await visible(auth, id);
      if (record.subscription.organizationId !== auth.organization.id) {
        // Only the owning organization sees usage (SPEC.md §6).
        throw forbidden(Messages.belongsTo(record.owner.companyName));
      }
      const ranges = usageDateRanges(record.subscription.nextOverageBillingDate, clock.now());
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const bounds = [...ranges.map((r) => day(r.start)), day(ranges[ranges.length - 1]!.end)];
      const cells = await repo.usageByHostAndRange(db, id, bounds);
      const runs = new Map<string, number[]>();
      for (const cell of cells) {
        if (cell.bucket < 1 || cell.bucket > ranges.length) continue;
        let row = runs.get(cell.hostname);
        if (!row) {
          row = new Array(ranges.length).fill(0);
          runs.set(cell.hostname, row);
        }
        row[cell.bucket - 1] = (row[cell.bucket - 1] ?? 0) + cell.pages;
      }
      const last = ranges.length - 1;
      let totalThisCycle = 0;
      let machinesThisCycle = 0;
      const list = [...runs.entries()].map(([hostname, dateRangePages]) => {
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
