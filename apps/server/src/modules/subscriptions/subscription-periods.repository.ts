import { type BilledToSource, BillStatus, GRACE_BOUND_BILL_STATUSES } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import type { DueSubscription } from '../bills';

export type { DueSubscription };

// The billing engine's bulk SQL on subscriptions: claiming those due for a renewal or an overage
// bill (period-advances.repository.ts moves them into their next period). Claims lock rows with FOR UPDATE SKIP LOCKED so
// several server processes share the work (docs/design.md §1, §3); the caller's transaction also writes
// the bills, so a bill and the period it advances commit together.

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const num = (v: unknown): number => Number(v);
/** A claim's rows in keyset order (sorted here: the claim's own ORDER BY is inside its CTE). */
const byId = <T extends { id: unknown }>(rows: T[]) => rows.sort((a, b) => num(a.id) - num(b.id));

const ORG_COLUMNS = sql`o.company_name, o.discount_bp, o.billed_by_invoice, o.billing_name, o.billing_company,
  o.billing_addr1, o.billing_addr2, o.billing_city, o.billing_state, o.billing_zip, o.billing_country,
  o.addr1, o.addr2, o.city, o.state, o.zip, o.country, o.card_last_four, o.tax_id, o.payment_terms_days`;

/** A camelCase name as its snake_case column (billingAddr1: billing_addr1). */
type Column<Name extends string> = Name extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${Column<Rest>}`
  : Name;

/** ORG_COLUMNS as they come back: what core's billedToOf reads, by column name. */
type OrgRow = {
  [Field in Exclude<keyof BilledToSource, 'id'> as Column<Field>]-?: Exclude<
    BilledToSource[Field],
    undefined
  >;
};

type SubRow = OrgRow & {
  payment_terms_days: number;
  id: number;
  organization_id: number;
  description: string;
  billing_mode: number;
  billing_mode_discount_bp: number;
  number_machines: number;
  xtra_auto_tags: number;
  next_base_billing_date: unknown;
  next_overage_billing_date: unknown;
  current_period_start: unknown;
  anchor_day: number;
  annual_usage_reset: boolean;
  usage_year_start: unknown;
  accrued_rtus_this_month: unknown;
  billed_rtus_this_month: unknown;
  overage_charges_paid_this_month_cents: number;
  max_additional_monthly_charge_cents: number;
  product: number;
  plan_name: string;
  monthly_fee_cents: number;
  xtra_auto_tag_per_month_cents: number;
  base_rtus: number;
  overage_per_rtu_micros: unknown;
  base_rtus_before: number;
  /** The promotion code's columns (RENEWAL_SELECT only; null without a code). */
  promotion_code?: string | null;
  promotion_percent_bp?: number | null;
  promotion_amount_off_cents?: number | null;
  promotion_cycles?: number | null;
  promotion_plan_ids?: number[] | null;
  promotion_cycles_used?: number;
  billed_plan_id?: number;
};

const promotionOf = (r: SubRow): DueSubscription['promotion'] =>
  r.promotion_code
    ? {
        code: r.promotion_code,
        terms: {
          percentBp: r.promotion_percent_bp == null ? null : num(r.promotion_percent_bp),
          amountOffCents: r.promotion_amount_off_cents == null ? null : num(r.promotion_amount_off_cents),
          cycles: r.promotion_cycles == null ? null : num(r.promotion_cycles),
        },
        planIds: (r.promotion_plan_ids ?? []).map(num),
        billedPlanId: num(r.billed_plan_id),
        cyclesUsed: num(r.promotion_cycles_used ?? 0),
      }
    : null;

const toDueSubscription = (r: SubRow): DueSubscription => ({
  id: num(r.id),
  organizationId: num(r.organization_id),
  description: r.description,
  billingMode: num(r.billing_mode),
  billingModeDiscountBp: num(r.billing_mode_discount_bp),
  numberMachines: num(r.number_machines),
  xtraAutoTags: num(r.xtra_auto_tags),
  nextBaseBillingDate: date(r.next_base_billing_date),
  nextOverageBillingDate: r.next_overage_billing_date ? date(r.next_overage_billing_date) : null,
  currentPeriodStart: date(r.current_period_start),
  anchorDay: num(r.anchor_day),
  annualUsageReset: Boolean(r.annual_usage_reset),
  usageYearStart: r.usage_year_start ? date(r.usage_year_start) : null,
  accruedRtusThisMonth: num(r.accrued_rtus_this_month),
  billedRtusThisMonth: num(r.billed_rtus_this_month),
  overageChargesPaidThisMonthCents: num(r.overage_charges_paid_this_month_cents),
  maxAdditionalMonthlyChargeCents: num(r.max_additional_monthly_charge_cents),
  plan: {
    product: num(r.product),
    planName: r.plan_name,
    monthlyFeeCents: num(r.monthly_fee_cents),
    xtraAutoTagPerMonthCents: num(r.xtra_auto_tag_per_month_cents),
    baseRtus: num(r.base_rtus),
    overagePerRtuMicros: num(r.overage_per_rtu_micros),
  },
  baseRtusBefore: num(r.base_rtus_before),
  promotion: promotionOf(r),
  paymentTermsDays: num(r.payment_terms_days),
  org: {
    id: num(r.organization_id),
    companyName: r.company_name,
    discountBp: num(r.discount_bp),
    billedByInvoice: Boolean(r.billed_by_invoice),
    billingName: r.billing_name,
    billingCompany: r.billing_company,
    billingAddr1: r.billing_addr1,
    billingAddr2: r.billing_addr2,
    billingCity: r.billing_city,
    billingState: r.billing_state,
    billingZip: r.billing_zip,
    billingCountry: r.billing_country,
    addr1: r.addr1,
    addr2: r.addr2,
    city: r.city,
    state: r.state,
    zip: r.zip,
    country: r.country,
    cardLastFour: r.card_last_four,
    taxId: r.tax_id,
  },
});

// What both claims read of a claimed subscription (SubRow) besides its machines, tags and plan, which a
// renewal takes from the pending terms; p is the plan it is billed on.
const SUB_KEY_COLUMNS = sql`s.id, s.organization_id, s.description, s.billing_mode, s.billing_mode_discount_bp`;
const PERIOD_AND_PLAN_COLUMNS = sql`s.next_base_billing_date, s.next_overage_billing_date,
    s.current_period_start, s.anchor_day, s.annual_usage_reset, s.usage_year_start, s.accrued_rtus_this_month,
    s.billed_rtus_this_month, s.overage_charges_paid_this_month_cents, s.max_additional_monthly_charge_cents,
    p.product, p.plan_name, p.monthly_fee_cents, p.xtra_auto_tag_per_month_cents, p.base_rtus,
    p.overage_per_rtu_micros`;
const CLAIMED = sql`FROM claimed c
  JOIN subscriptions s ON s.id = c.id`;

const SUB_SELECT = sql`SELECT ${SUB_KEY_COLUMNS},
    s.number_machines, s.xtra_auto_tags, ${PERIOD_AND_PLAN_COLUMNS}, p.base_rtus AS base_rtus_before, ${ORG_COLUMNS}
  ${CLAIMED}
  JOIN pricing_plans p ON p.id = s.pricing_plan_id
  JOIN organizations o ON o.id = s.organization_id`;

// Decreases saved in the editor wait for the renewal (docs/design.md §3, pending_* columns of 0030):
// the renewal prices and bills the pending terms and makes them the subscription's terms. The
// promotion code it was bought with is read with it (docs/decisions/041).
const RENEWAL_SELECT = sql`SELECT ${SUB_KEY_COLUMNS},
    COALESCE(s.pending_number_machines, s.number_machines) AS number_machines,
    COALESCE(s.pending_xtra_auto_tags, s.xtra_auto_tags) AS xtra_auto_tags,
    ${PERIOD_AND_PLAN_COLUMNS}, cp.base_rtus AS base_rtus_before, ${ORG_COLUMNS},
    p.id AS billed_plan_id, s.promotion_cycles_used, pc.code AS promotion_code,
    pc.percent_bp AS promotion_percent_bp, pc.amount_off_cents AS promotion_amount_off_cents,
    pc.duration_cycles AS promotion_cycles, pc.plan_ids AS promotion_plan_ids
  ${CLAIMED}
  JOIN pricing_plans p ON p.id = COALESCE(s.pending_pricing_plan_id, s.pricing_plan_id)
  JOIN pricing_plans cp ON cp.id = s.pricing_plan_id
  JOIN organizations o ON o.id = s.organization_id
  LEFT JOIN promotion_redemptions pr ON pr.id = s.promotion_redemption_id
  LEFT JOIN promotion_codes pc ON pc.id = pr.promotion_code_id`;

/** Renewed only while no bill would be overdue by the next period and no editor charge is open. */
const RENEWABLE = sql`((SELECT b.id FROM order_lines l JOIN orders b ON b.id = l.order_id
        WHERE l.subscription_id = s.id AND b.status IN (${list(GRACE_BOUND_BILL_STATUSES)})
          AND COALESCE(b.grace_ends_at, b.due_date) <= s.next_base_billing_date LIMIT 1) IS NULL
      AND (SELECT b.id FROM order_lines l JOIN orders b ON b.id = l.order_id
        WHERE l.subscription_id = s.id AND b.kind = 'proration' AND b.status = ${BillStatus.ChargePending}
        LIMIT 1) IS NULL
      AND (s.next_overage_billing_date IS NULL OR s.next_overage_billing_date > s.next_base_billing_date))`;

/**
 * Subscriptions whose renewal date has come: active, not cancelled (a cancelled one ends at its
 * deactivateDate instead), neither perpetual nor NoBill. One with a bill that will be overdue by
 * then waits for that bill's fate (paid: it renews; unpaid: it is deactivated), so a server
 * catching up after downtime never bills periods of a subscription that is about to end. One whose
 * editor change is being charged waits until that charge is settled (docs/design.md §3). One whose
 * month of usage ending by the renewal date is not billed yet waits for it: the renewal puts pending
 * terms in force and moves the month's billed RTUs, so billed first, that month would be charged
 * at the next plan's allowance (a pass whose overage claim skipped a row another process held, or
 * that reached the month's end between its overage and renewal steps, did so). Per-row
 * subqueries on purpose: as an anti-join the planner may merge them against every bill line ever
 * written. Keyset order by id, so a pass visits each subscription at most once and renews one
 * period per pass: `lastId` is where the next batch starts, `full` whether there may be more.
 */
export async function claimDueRenewals(
  tx: DbOrTx,
  now: Date,
  afterId: number,
  limit: number,
): Promise<{ due: DueSubscription[]; lastId: number; full: boolean }> {
  // The per-row subquery inflates the planner's cost estimate past PostgreSQL's JIT threshold, and
  // compiling the query took a second per batch for half a millisecond of work. The same subqueries
  // make it guess that a handful of rows qualify, so it would filter every due subscription and sort
  // them for each batch (quadratic over a run); without sorting it walks the primary key from
  // afterId and stops at the batch's last row. The claim picks and locks the ids alone; the columns
  // are joined afterwards by primary key: joined inside the claim, that guess of a handful of rows
  // had the planner scan every organization for each due row (a tenth of a second per batch).
  await tx.execute(sql`SET LOCAL jit = off`);
  await tx.execute(sql`SET LOCAL enable_sort = off`);
  const result = byId(
    await queryRows<SubRow>(
      tx,
      sql`WITH claimed AS MATERIALIZED (SELECT s.id FROM subscriptions s
    WHERE s.next_base_billing_date <= ${ts(now)} AND s.is_active AND s.deactivate_date IS NULL
      AND NOT s.is_perpetual_license AND s.billing_mode IN (1, 2, 3) AND s.id > ${afterId}
      AND ${RENEWABLE}
    ORDER BY s.id LIMIT ${limit}
    FOR UPDATE OF s SKIP LOCKED)
    ${RENEWAL_SELECT}`,
    ),
  );
  if (result.length === 0) return { due: [], lastId: afterId, full: false };
  // A row another process renewed while this statement ran is read again once its lock is free,
  // but RENEWABLE's subqueries still see the statement's snapshot, without that process's new bill:
  // a subscription catching up would be billed its next period while the last bill is unpaid (the
  // SIGKILL fault test caught it). Asked again in a statement of its own, which sees every
  // committed bill; the rows stay locked until the caller commits.
  const held = await queryRows<{ id: number }>(
    tx,
    sql`SELECT s.id FROM subscriptions s WHERE s.id IN (${list(result.map((r) => num(r.id)))}) AND NOT ${RENEWABLE}`,
  );
  const heldIds = new Set(held.map((r) => num(r.id)));
  return {
    due: result.filter((r) => !heldIds.has(num(r.id))).map(toDueSubscription),
    lastId: num(result[result.length - 1]!.id),
    full: result.length === limit,
  };
}

/** Subscriptions whose month of usage has ended (cancelled ones too, until they end). */
export async function claimDueOverage(tx: DbOrTx, now: Date, afterId: number, limit: number) {
  const result = byId(
    await queryRows<SubRow>(
      tx,
      sql`WITH claimed AS MATERIALIZED (SELECT s.id FROM subscriptions s
    WHERE s.next_overage_billing_date <= ${ts(now)} AND s.is_active
      AND NOT s.is_perpetual_license AND s.billing_mode IN (1, 2, 3) AND s.id > ${afterId}
    ORDER BY s.id LIMIT ${limit}
    FOR UPDATE OF s SKIP LOCKED)
    ${SUB_SELECT}`,
    ),
  );
  return result.map(toDueSubscription);
}
