import {
  type BillSummary,
  billName,
  declineReasonText,
  formatLongDate,
  formatUsd,
  fromCents,
  OpsActionMessages,
  type OpsBillActionAnswer,
  type OpsBillDetail,
  OpsBillMessages,
  type OpsBillsFilter,
  OpsMessages,
  type OpsOrganizationDetail,
  type OpsPerpetualLicenseBody,
  type OpsReconcileReport,
  type OpsTermsBody,
  organizationStanding,
  toCsv,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import { conflict, notFound } from '../../lib/domain-error';
import type { OrganizationsService } from '../accounts';
import type {
  BillCollections,
  BillingEngine,
  EngineCall,
  listBillingRuns,
  reconcileDifferences,
} from '../billing';
import type { CatalogService } from '../catalog';
import { toPersonDto } from '../identity';
import type { OperatorDashboardService } from '../operator-dashboard';
import type { addPerpetualLicense, cancellationReasons, LateSettlement } from '../subscriptions';
import { allBills, billDetail, cardText, listBills, openBalanceOf } from './console-bills.repository';
import { organizationDetail, searchOrganizations } from './console-organizations.repository';

/** The most rows one export holds; narrow the dates for more. */
export const BILLS_EXPORT_LIMIT = 50_000;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'gateway'> & {
  organizations: Pick<
    OrganizationsService,
    'findCustomerOrganization' | 'setOrganizationTerms' | 'promoteToAdmin' | 'resendVerification'
  >;
  catalog: Pick<CatalogService, 'findPlan'>;
  billing: Pick<BillingEngine, 'runRecorded' | 'retryBillNow'> &
    Pick<BillCollections, 'recordPayment' | 'voidBill' | 'writeOff'> & {
      listBillingRuns: typeof listBillingRuns;
      reconcileDifferences: typeof reconcileDifferences;
    };
  subscriptions: {
    addPerpetualLicense: typeof addPerpetualLicense;
    cancellationReasons: typeof cancellationReasons;
  };
  dashboard: Pick<OperatorDashboardService, 'organizationMrrCents'>;
};

/** The summary's fields of the bill page's bill (an action answers with them). */
const toSummary = (b: OpsBillDetail['bill']): BillSummary => ({
  orderId: b.orderId,
  organizationId: b.organizationId,
  organizationName: b.organizationName,
  kind: b.kind,
  status: b.status,
  total: b.total,
  billDate: b.billDate,
  dueDate: b.dueDate ?? null,
  invoiceNumber: b.invoiceNumber ?? null,
});

/** What names a bill in the answers' sentences (core's billMention). */
const naming = (row: { id: number; invoiceNumber: string | null }) => ({
  orderId: row.id,
  invoiceNumber: row.invoiceNumber,
});

/** What became of the subscriptions of a bill settled after its grace, in the console's words. */
function settlementText(settled: LateSettlement[]): string[] {
  return settled.map((s) =>
    s.reactivated
      ? OpsBillMessages.reactivated(s.name)
      : 'periodEnded' in s
        ? OpsBillMessages.periodEnded(s.name, formatLongDate(s.periodEnded))
        : OpsBillMessages.otherBillUnpaid(s.name, s.unpaidBill),
  );
}

/**
 * What the operator console does (the operator API contract): it reads across the store, and every
 * change goes to the module that owns it.
 */
export function createOperatorConsoleService({
  db,
  clock,
  gateway,
  organizations,
  catalog,
  billing,
  subscriptions,
  dashboard,
}: Deps) {
  /** The organization with everything the console shows of it, its summary first; 404 for no such customer. */
  async function detail(organizationId: number): Promise<OpsOrganizationDetail> {
    const org = await organizations.findCustomerOrganization(organizationId);
    const found = await organizationDetail(db, org);
    const open = await openBalanceOf(db, org.id);
    const active = found.subscriptions.filter((s) => s.running);
    return {
      ...found,
      summary: {
        standing: organizationStanding({ unpaidBills: open.bills, activeSubscriptions: active.length }),
        mrr: fromCents(await dashboard.organizationMrrCents(org.id)),
        card: cardText(Boolean(org.paymentMethodId), org),
        openBalance: fromCents(open.cents),
        unpaidBills: open.bills,
      },
    };
  }

  async function bill(orderId: number) {
    const found = await billDetail(db, orderId);
    if (!found) throw notFound(OpsMessages.billNotFound(orderId));
    return found;
  }

  /** The bill as it is now, with the sentences of what was done to it. */
  async function answer(orderId: number, sentences: string[]): Promise<OpsBillActionAnswer> {
    const { bill: now } = await bill(orderId);
    return { ...toSummary(now), message: sentences.join(' ') };
  }

  return {
    searchOrganizations: (q: string, page: number) => searchOrganizations(db, q, page),
    organizationDetail: detail,

    /** The terms; an account becomes perpetual only without a subscription that renews (docs/decisions/031). */
    async setTerms(organizationId: number, terms: Partial<OpsTermsBody>) {
      const before = await detail(organizationId);
      const renewing = before.subscriptions.filter((s) => s.renews).length;
      if (terms.perpetualAccount && !before.organization.perpetualAccount && renewing > 0)
        throw conflict(OpsActionMessages.recurringSubscriptions(before.organization.name, renewing));
      await organizations.setOrganizationTerms(organizationId, terms);
      return detail(organizationId);
    },

    /** Grants a perpetual license of a plan (never billed, never renewed); answers its row. */
    async grantPerpetualLicense(organizationId: number, body: OpsPerpetualLicenseBody) {
      await detail(organizationId); // 404 for no such customer
      const plan = await catalog.findPlan(body.planId);
      const made = await subscriptions.addPerpetualLicense(db, clock, {
        organizationId,
        plan,
        description: body.name ?? plan.planName,
        version: body.version ?? '',
        machines: body.machines ?? 1,
        cpus: body.cpus ?? 1,
      });
      return (await detail(organizationId)).subscriptions.find(
        (s) => s.subscriptionId === made.subscriptionId,
      )!;
    },

    async promoteToAdmin(organizationId: number, personId: number) {
      const { person } = await organizations.promoteToAdmin(personId, organizationId);
      return toPersonDto(person);
    },

    resendVerification: (personId: number) => organizations.resendVerification(personId),

    listBills: (filter: OpsBillsFilter, page: number) => listBills(db, filter, page),

    /** The bills the filters match as CSV, in the list's order, money in dollars. */
    async exportBills(filter: OpsBillsFilter): Promise<string> {
      const rows = await allBills(db, filter, BILLS_EXPORT_LIMIT);
      return toCsv(
        [
          'Bill',
          'Order id',
          'Organization id',
          'Organization',
          'Kind',
          'Status',
          'Bill date',
          'Due date',
          'Total (USD)',
        ],
        rows.map((b) => [
          billName(b),
          b.orderId,
          b.organizationId,
          b.organizationName,
          b.kind,
          b.status,
          b.billDate.slice(0, 10),
          b.dueDate?.slice(0, 10) ?? null,
          b.total.toFixed(2),
        ]),
      );
    },

    bill,

    /**
     * The gateway's charges against the bills, as `npm run ops -- reconcile` compares them, while the
     * server runs: each difference names the bill it concerns, for the console's link.
     */
    async reconcile(since: string | undefined): Promise<OpsReconcileReport> {
      const now = clock.now();
      const from = since ? new Date(`${since}T00:00:00Z`) : null;
      const differences = await billing.reconcileDifferences(db, gateway, { since: from, now });
      return { checkedAt: now.toISOString(), since: from?.toISOString() ?? null, differences };
    },

    // The bill page's collection actions (docs/decisions/029). Each answers the bill as it is now and
    // a sentence of what happened; a refusal is a 409 in the console's words (core's collectionRefusal).

    /** A payment received outside the card processor, card bill or invoice, and how it was made. */
    async recordPayment(orderId: number, reference: string): Promise<OpsBillActionAnswer> {
      const done = await billing.recordPayment(orderId, reference);
      const said = OpsBillMessages.paymentRecorded(
        naming(done.after),
        formatUsd(done.after.totalCents),
        reference,
      );
      return answer(orderId, [said, ...settlementText(done.settlements)]);
    },

    /** Charges the card on file again now, by the billing engine's retry path. */
    async retryNow(orderId: number, logger: EngineCall['logger']): Promise<OpsBillActionAnswer> {
      const done = await billing.retryBillNow(orderId, { logger });
      const { after } = done;
      const said =
        done.outcome === 'paid'
          ? [OpsBillMessages.retryPaid(naming(after), formatUsd(after.totalCents))]
          : done.outcome === 'declined'
            ? [
                OpsBillMessages.retryDeclined(declineReasonText(after.failureMessage ?? '')),
                after.nextAttemptAt
                  ? OpsBillMessages.nextRetryOn(formatLongDate(after.nextAttemptAt))
                  : OpsBillMessages.staysUnpaid(naming(after)),
              ]
            : [OpsBillMessages.retryPending];
      return { ...(await answer(orderId, said)), outcome: done.outcome };
    },

    async voidBill(orderId: number, reason: string): Promise<OpsBillActionAnswer> {
      const done = await billing.voidBill(orderId, reason);
      const found = (await bill(orderId)).bill;
      return answer(orderId, [
        OpsBillMessages.voided(naming(done.after), found.organizationName),
        ...settlementText(done.settlements),
      ]);
    },

    async writeOff(orderId: number, reason: string): Promise<OpsBillActionAnswer> {
      const done = await billing.writeOff(orderId, reason);
      const due = done.after.dueDate;
      const ends = due && due > clock.now() ? [OpsBillMessages.subscriptionsEndOn(formatLongDate(due))] : [];
      return answer(orderId, [OpsBillMessages.writtenOff(naming(done.after)), ...ends]);
    },

    listBillingRuns: () => billing.listBillingRuns(db),

    /** Why customers cancelled, per month and plan (docs/decisions/035). */
    cancellationReasons: (months: number) => subscriptions.cancellationReasons(db, clock.now(), months),

    /** Runs the billing cycle now, recorded as the operator's run. */
    async runBillingCycle(logger: EngineCall['logger']) {
      const { run } = await billing.runRecorded('operator', { logger });
      return run!;
    },
  };
}

export type OperatorConsoleService = ReturnType<typeof createOperatorConsoleService>;
