import { BillStatus } from '@store/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// The billing engine's SQL. Claims lock rows with FOR UPDATE SKIP LOCKED so that several server
// processes share the due work without waiting on each other and never take the same row twice
// (DESIGN.md §1, §3). Bulk statements take their rows as one JSON parameter, which both
// node-postgres and PGlite pass through unchanged.

/** Bills the engine still expects money for (spec §4 flags). */
export const OUTSTANDING_STATUSES = [
  BillStatus.ChargePending,
  BillStatus.ChargePastDue,
  BillStatus.OfflineInvoice,
  BillStatus.OfflinePending,
  BillStatus.OfflinePastDue,
] as const;
export const CHARGEABLE_STATUSES = [BillStatus.ChargePending, BillStatus.ChargePastDue] as const;

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const num = (v: unknown): number => Number(v);

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  // The driver-generic Db types execute()'s result as unknown; both drivers answer { rows }.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The organization's billing details as frozen on a bill (the invoice's "Bill to"); the same shape
 * the store's purchase writes, plus the organization discount that applied.
 */
export interface BilledTo {
  organizationId: number;
  companyName: string;
  name: string;
  company: string;
  addr1: string;
  addr2: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  cardLastFour: string | null;
  billedByInvoice: boolean;
  orgDiscountBp?: number;
}

const ORG_COLUMNS = sql`o.company_name, o.discount_bp, o.billed_by_invoice, o.billing_name, o.billing_company,
  o.billing_addr1, o.billing_addr2, o.billing_city, o.billing_state, o.billing_zip, o.billing_country,
  o.addr1, o.addr2, o.city, o.state, o.zip, o.country, o.card_last_four`;

interface OrgRow {
  company_name: string;
  discount_bp: number;
  billed_by_invoice: boolean;
  billing_name: string | null;
  billing_company: string | null;
  billing_addr1: string | null;
  billing_addr2: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_zip: string | null;
  billing_country: string | null;
  addr1: string;
  addr2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  card_last_four: string | null;
}

/** Billing information where the organization gave it, else its registered address. */
export function billedToOf(organizationId: number, o: OrgRow): BilledTo {
  return {
    organizationId,
    companyName: o.company_name,
    name: o.billing_name ?? o.company_name,
    company: o.billing_company || o.company_name,
    addr1: o.billing_addr1 ?? o.addr1,
    addr2: o.billing_addr2 ?? o.addr2,
    city: o.billing_city ?? o.city,
    state: o.billing_state ?? o.state,
    country: o.billing_country ?? o.country,
    zip: o.billing_zip ?? o.zip,
    cardLastFour: o.billed_by_invoice ? null : o.card_last_four,
    billedByInvoice: Boolean(o.billed_by_invoice),
    orgDiscountBp: num(o.discount_bp),
  };
}

export interface DueSubscription {
  id: number;
  organizationId: number;
  description: string;
  billingMode: number;
  billingModeDiscountBp: number;
  numberMachines: number;
  xtraAutoTags: number;
  nextBaseBillingDate: Date;
  nextOverageBillingDate: Date | null;
  currentPeriodStart: Date;
  anchorDay: number;
  annualUsageReset: boolean;
  usageYearStart: Date | null;
  accruedRtusThisMonth: number;
  billedRtusThisMonth: number;
  overageChargesPaidThisMonthCents: number;
  maxAdditionalMonthlyChargeCents: number;
  plan: {
    product: number;
    planName: string;
    monthlyFeeCents: number;
    xtraAutoTagPerMonthCents: number;
    baseRtus: number;
    overagePerRtuMicros: number;
  };
  org: OrgRow;
}

type SubRow = OrgRow & {
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
};

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
  org: r,
});

const SUB_SELECT = sql`SELECT s.id, s.organization_id, s.description, s.billing_mode, s.billing_mode_discount_bp,
    s.number_machines, s.xtra_auto_tags, s.next_base_billing_date, s.next_overage_billing_date,
    s.current_period_start, s.anchor_day, s.annual_usage_reset, s.usage_year_start, s.accrued_rtus_this_month,
    s.billed_rtus_this_month, s.overage_charges_paid_this_month_cents, s.max_additional_monthly_charge_cents,
    p.product, p.plan_name, p.monthly_fee_cents, p.xtra_auto_tag_per_month_cents, p.base_rtus,
    p.overage_per_rtu_micros, ${ORG_COLUMNS}
  FROM subscriptions s
  JOIN pricing_plans p ON p.id = s.pricing_plan_id
  JOIN organizations o ON o.id = s.organization_id`;

// Decreases saved in the editor wait for the renewal (DESIGN.md §3, pending_* columns of 0030):
// the renewal prices and bills the pending terms and makes them the subscription's terms.
const RENEWAL_SELECT = sql`SELECT s.id, s.organization_id, s.description, s.billing_mode, s.billing_mode_discount_bp,
    COALESCE(s.pending_number_machines, s.number_machines) AS number_machines,
    COALESCE(s.pending_xtra_auto_tags, s.xtra_auto_tags) AS xtra_auto_tags,
    s.next_base_billing_date, s.next_overage_billing_date,
    s.current_period_start, s.anchor_day, s.annual_usage_reset, s.usage_year_start, s.accrued_rtus_this_month,
    s.billed_rtus_this_month, s.overage_charges_paid_this_month_cents, s.max_additional_monthly_charge_cents,
    p.product, p.plan_name, p.monthly_fee_cents, p.xtra_auto_tag_per_month_cents, p.base_rtus,
    p.overage_per_rtu_micros, ${ORG_COLUMNS}
  FROM subscriptions s
  JOIN pricing_plans p ON p.id = COALESCE(s.pending_pricing_plan_id, s.pricing_plan_id)
  JOIN organizations o ON o.id = s.organization_id`;

/**
 * Subscriptions whose renewal date has come: active, not cancelled (a cancelled one ends at its
 * deactivateDate instead), neither perpetual nor NoBill. One with a bill that will be overdue by
 * then waits for that bill's fate (paid: it renews; unpaid: it is deactivated), so a server
 * catching up after downtime never bills periods of a subscription that is about to end. Keyset order by id so a pass visits each
 * subscription at most once and renews one period per pass.
 */
export async function claimDueRenewals(tx: DbOrTx, now: Date, afterId: number, limit: number) {
  // The per-row subquery inflates the planner's cost estimate past PostgreSQL's JIT threshold, and
  // compiling the query took a second per batch for half a millisecond of work.
  await tx.execute(sql`SET LOCAL jit = off`);
  const result = await rows<SubRow>(
    tx,
    sql`${RENEWAL_SELECT}
    WHERE s.next_base_billing_date <= ${ts(now)} AND s.is_active AND s.deactivate_date IS NULL
      AND NOT s.is_perpetual_license AND s.billing_mode IN (1, 2, 3) AND s.id > ${afterId}
      AND (SELECT b.id FROM order_lines l JOIN orders b ON b.id = l.order_id
        WHERE l.subscription_id = s.id AND b.status IN (${list(OUTSTANDING_STATUSES)})
          AND b.due_date <= s.next_base_billing_date LIMIT 1) IS NULL
    ORDER BY s.id LIMIT ${limit}
    FOR UPDATE OF s SKIP LOCKED`,
  );
  // (The overdue-bill check is a per-row subquery on purpose: as an anti-join the planner may
  // merge it against every bill line ever written.)
  return result.map(toDueSubscription);
}

/** Subscriptions whose month of usage has ended (cancelled ones too, until they end). */
export async function claimDueOverage(tx: DbOrTx, now: Date, afterId: number, limit: number) {
  const result = await rows<SubRow>(
    tx,
    sql`${SUB_SELECT}
    WHERE s.next_overage_billing_date <= ${ts(now)} AND s.is_active
      AND NOT s.is_perpetual_license AND s.billing_mode IN (1, 2, 3) AND s.id > ${afterId}
    ORDER BY s.id LIMIT ${limit}
    FOR UPDATE OF s SKIP LOCKED`,
  );
  return result.map(toDueSubscription);
}

export interface NewBill {
  organizationId: number;
  kind: 'renewal' | 'overage';
  status: number;
  totalCents: number;
  billingDate: Date;
  dueDate: Date;
  periodKey: string;
  nextAttemptAt: Date | null;
  paidAt: Date | null;
  billedTo: BilledTo;
  line: {
    subscriptionId: number;
    description: string;
    productName: string;
    planName: string;
    billingMode: number;
    periodStart: Date;
    periodEnd: Date;
    listCents: number;
    discountCents: number;
    amountCents: number;
  };
}

/**
 * Inserts the bills and their lines in two statements. A period that already has its bill (the
 * periodKey is unique) is skipped; the caller advances the subscription either way.
 */
export async function insertBills(tx: DbOrTx, bills: NewBill[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (bills.length === 0) return ids;
  const payload = JSON.stringify(
    bills.map((b) => ({
      organization_id: b.organizationId,
      kind: b.kind,
      status: b.status,
      total_cents: b.totalCents,
      billing_date: b.billingDate.toISOString(),
      due_date: b.dueDate.toISOString(),
      period_key: b.periodKey,
      next_attempt_at: b.nextAttemptAt?.toISOString() ?? null,
      paid_at: b.paidAt?.toISOString() ?? null,
      billed_to: b.billedTo,
    })),
  );
  const inserted = await rows<{ id: number; period_key: string }>(
    tx,
    sql`INSERT INTO orders (organization_id, kind, status, total_cents, billing_date, due_date, period_key,
        next_attempt_at, paid_at, billed_to)
      SELECT organization_id, kind, status, total_cents, billing_date, due_date, period_key, next_attempt_at,
        paid_at, billed_to
      FROM json_to_recordset(${payload}::json) AS v(organization_id int, kind text, status int, total_cents int,
        billing_date timestamptz, due_date timestamptz, period_key text, next_attempt_at timestamptz,
        paid_at timestamptz, billed_to jsonb)
      ON CONFLICT (period_key) DO NOTHING
      RETURNING id, period_key`,
  );
  for (const r of inserted) ids.set(r.period_key, num(r.id));
  const lines = bills
    .filter((b) => ids.has(b.periodKey))
    .map((b) => ({
      order_id: ids.get(b.periodKey),
      subscription_id: b.line.subscriptionId,
      description: b.line.description,
      product_name: b.line.productName,
      plan_name: b.line.planName,
      billing_mode: b.line.billingMode,
      period_start: b.line.periodStart.toISOString(),
      period_end: b.line.periodEnd.toISOString(),
      list_cents: b.line.listCents,
      discount_cents: b.line.discountCents,
      amount_cents: b.line.amountCents,
    }));
  if (lines.length > 0) {
    await tx.execute(sql`INSERT INTO order_lines (order_id, subscription_id, description, product_name, plan_name,
        billing_mode, period_start, period_end, list_cents, discount_cents, amount_cents)
      SELECT * FROM json_to_recordset(${JSON.stringify(lines)}::json) AS v(order_id int, subscription_id int,
        description text, product_name text, plan_name text, billing_mode int, period_start timestamptz,
        period_end timestamptz, list_cents int, discount_cents int, amount_cents int)`);
  }
  return ids;
}

/** Moves renewed subscriptions into their new paid period. */
export async function advanceBasePeriods(
  tx: DbOrTx,
  updates: { id: number; periodStart: Date; periodEnd: Date }[],
): Promise<void> {
  if (updates.length === 0) return;
  const payload = JSON.stringify(
    updates.map((u) => ({ id: u.id, ps: u.periodStart.toISOString(), pe: u.periodEnd.toISOString() })),
  );
  await tx.execute(sql`UPDATE subscriptions s SET current_period_start = v.ps, next_base_billing_date = v.pe,
      pricing_plan_id = COALESCE(s.pending_pricing_plan_id, s.pricing_plan_id),
      number_machines = COALESCE(s.pending_number_machines, s.number_machines),
      xtra_auto_tags = COALESCE(s.pending_xtra_auto_tags, s.xtra_auto_tags),
      pending_pricing_plan_id = NULL, pending_number_machines = NULL, pending_xtra_auto_tags = NULL,
      version = s.version + 1
    FROM json_to_recordset(${payload}::json) AS v(id int, ps timestamptz, pe timestamptz)
    WHERE s.id = v.id`);
}

/** Rolls the usage counters into the next month of usage (after its overage was billed). */
export async function rollOverUsage(
  tx: DbOrTx,
  updates: {
    id: number;
    nextOverageBillingDate: Date;
    accrued: number;
    billed: number;
    usageYearStart: Date | null;
  }[],
): Promise<void> {
  if (updates.length === 0) return;
  const payload = JSON.stringify(
    updates.map((u) => ({
      id: u.id,
      nob: u.nextOverageBillingDate.toISOString(),
      accrued: u.accrued,
      billed: u.billed,
      ys: u.usageYearStart?.toISOString() ?? null,
    })),
  );
  await tx.execute(sql`UPDATE subscriptions s SET next_overage_billing_date = v.nob,
      accrued_rtus_this_month = v.accrued, billed_rtus_this_month = v.billed,
      overage_charges_paid_this_month_cents = 0, usage_year_start = v.ys
    FROM json_to_recordset(${payload}::json) AS v(id int, nob timestamptz, accrued bigint, billed bigint, ys timestamptz)
    WHERE s.id = v.id`);
}

/** Cancelled subscriptions end at their deactivateDate (DESIGN.md §3: access lasts until then). */
export async function endCancelledSubscriptions(db: DbOrTx, now: Date): Promise<number> {
  const result = await rows<{ id: number }>(
    db,
    sql`UPDATE subscriptions SET is_active = false, version = version + 1
      WHERE is_active AND deactivate_date IS NOT NULL AND deactivate_date <= ${ts(now)} RETURNING id`,
  );
  return result.length;
}

export interface OverdueBill {
  id: number;
  organizationId: number;
  dueDate: Date;
}

/**
 * Bills 14 days past their renewal date without payment. A card bill is given up only once a charge
 * was tried and declined (ChargePastDue): one never tried (a process stopped between billing and
 * charging, or a server catching up after downtime) is charged first. A bill whose charge is in
 * flight (an attempt still 'started') waits until that charge is settled, so money taken is never
 * ignored.
 */
export async function claimOverdueBills(tx: DbOrTx, now: Date, limit: number): Promise<OverdueBill[]> {
  const result = await rows<{ id: number; organization_id: number; due_date: unknown }>(
    tx,
    sql`SELECT o.id, o.organization_id, o.due_date FROM orders o
      WHERE o.status IN (${list(OUTSTANDING_STATUSES.filter((st) => st !== BillStatus.ChargePending))}) AND o.due_date <= ${ts(now)}
        AND (o.kind IN ('renewal', 'overage') OR o.status IN (${list([BillStatus.OfflineInvoice, BillStatus.OfflinePending, BillStatus.OfflinePastDue])}))
        AND NOT EXISTS (SELECT 1 FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status = 'started')
      ORDER BY o.due_date, o.id LIMIT ${limit}
      FOR UPDATE OF o SKIP LOCKED`,
  );
  return result.map((r) => ({
    id: num(r.id),
    organizationId: num(r.organization_id),
    dueDate: date(r.due_date),
  }));
}

/** UnPaid, and each subscription on the bill deactivated as of the bill's due date. */
export async function markUnpaidAndDeactivate(tx: DbOrTx, bills: OverdueBill[]): Promise<number[]> {
  if (bills.length === 0) return [];
  const payload = JSON.stringify(bills.map((b) => ({ id: b.id, due: b.dueDate.toISOString() })));
  await tx.execute(sql`UPDATE orders o SET status = ${BillStatus.UnPaid}, next_attempt_at = NULL
    FROM json_to_recordset(${payload}::json) AS v(id int, due timestamptz) WHERE o.id = v.id`);
  const deactivated = await rows<{ id: number }>(
    tx,
    sql`UPDATE subscriptions s SET is_active = false,
        deactivate_date = LEAST(COALESCE(s.deactivate_date, x.due), x.due), version = s.version + 1
      FROM (SELECT l.subscription_id, min(v.due) AS due
            FROM json_to_recordset(${payload}::json) AS v(id int, due timestamptz)
            JOIN order_lines l ON l.order_id = v.id WHERE l.subscription_id IS NOT NULL
            GROUP BY l.subscription_id) x
      WHERE s.id = x.subscription_id AND s.is_active
      RETURNING s.id`,
  );
  return deactivated.map((r) => num(r.id));
}

export interface ChargeClaim {
  orderId: number;
  organizationId: number;
  amountCents: number;
  attempts: number;
  kind: string;
  customerId: string | null;
  paymentMethodId: string | null;
  /** The key of an attempt whose outcome was never recorded (a crash): settle it, never re-charge. */
  openKey: string | null;
}

/** Bills whose (next) charge attempt is due; renewal and overage bills only (purchases are the store's). */
export async function claimChargeableBills(
  tx: DbOrTx,
  now: Date,
  limit: number,
  organizationId?: number,
): Promise<ChargeClaim[]> {
  const orgFilter = organizationId === undefined ? sql`` : sql`AND o.organization_id = ${organizationId}`;
  await tx.execute(sql`SET LOCAL jit = off`);
  const result = await rows<{
    id: number;
    organization_id: number;
    total_cents: number;
    attempts: number;
    kind: string;
    gateway_customer_id: string | null;
    payment_method_id: string | null;
    open_key: string | null;
  }>(
    tx,
    sql`SELECT o.id, o.organization_id, o.total_cents, o.attempts, o.kind, org.gateway_customer_id,
        org.payment_method_id,
        (SELECT pa.gateway_key FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status = 'started'
          ORDER BY pa.id DESC LIMIT 1) AS open_key
      FROM orders o JOIN organizations org ON org.id = o.organization_id
      WHERE o.status IN (${list(CHARGEABLE_STATUSES)}) AND o.kind IN ('renewal', 'overage')
        AND o.next_attempt_at <= ${ts(now)} ${orgFilter}
      ORDER BY o.next_attempt_at, o.id LIMIT ${limit}
      FOR UPDATE OF o SKIP LOCKED`,
  );
  return result.map((r) => ({
    orderId: num(r.id),
    organizationId: num(r.organization_id),
    amountCents: num(r.total_cents),
    attempts: num(r.attempts),
    kind: r.kind,
    customerId: r.gateway_customer_id,
    paymentMethodId: r.payment_method_id,
    openKey: r.open_key,
  }));
}

/**
 * Records the attempts about to be made (their keys) and leases the bills until `leaseUntil`, so
 * no other process charges them meanwhile; a process that dies leaves the lease to expire.
 */
export async function startAttempts(
  tx: DbOrTx,
  attempts: { orderId: number; key: string; amountCents: number; isNew: boolean }[],
  now: Date,
  leaseUntil: Date,
): Promise<void> {
  if (attempts.length === 0) return;
  const fresh = attempts.filter((a) => a.isNew);
  if (fresh.length > 0) {
    const payload = JSON.stringify(
      fresh.map((a) => ({ order_id: a.orderId, key: a.key, amount: a.amountCents, at: now.toISOString() })),
    );
    await tx.execute(sql`INSERT INTO payment_attempts (order_id, gateway_key, amount_cents, status, created_at)
      SELECT order_id, key, amount, 'started', at FROM json_to_recordset(${payload}::json)
        AS v(order_id int, key text, amount int, at timestamptz)
      ON CONFLICT (gateway_key) DO NOTHING`);
    await tx.execute(sql`UPDATE orders o SET attempts = o.attempts + 1
      FROM json_to_recordset(${payload}::json) AS v(order_id int) WHERE o.id = v.order_id`);
  }
  const ids = JSON.stringify(attempts.map((a) => ({ id: a.orderId })));
  await tx.execute(sql`UPDATE orders o SET next_attempt_at = ${ts(leaseUntil)}
    FROM json_to_recordset(${ids}::json) AS v(id int) WHERE o.id = v.id`);
}

export interface AttemptOutcome {
  orderId: number;
  key: string;
  outcome: 'succeeded' | 'declined' | 'unknown';
  chargeId?: string | null;
  code?: string | null;
  message?: string | null;
}

/** Applies what the gateway answered: paid, past due with the next retry, or (unknown) left to settle. */
export async function recordOutcomes(
  tx: DbOrTx,
  outcomes: AttemptOutcome[],
  now: Date,
  retryAt: Date,
  settleAt: Date,
): Promise<void> {
  if (outcomes.length === 0) return;
  const payload = JSON.stringify(
    outcomes.map((o) => ({
      order_id: o.orderId,
      key: o.key,
      outcome: o.outcome,
      charge_id: o.chargeId ?? null,
      message: o.code && o.outcome === 'declined' ? `${o.code}: ${o.message ?? ''}` : (o.message ?? null),
    })),
  );
  await tx.execute(sql`UPDATE payment_attempts pa SET
      status = CASE WHEN v.outcome = 'unknown' THEN 'started' ELSE v.outcome END,
      gateway_charge_id = COALESCE(v.charge_id, pa.gateway_charge_id), message = v.message
    FROM json_to_recordset(${payload}::json) AS v(order_id int, key text, outcome text, charge_id text, message text)
    WHERE pa.gateway_key = v.key AND pa.status = 'started'`);
  await tx.execute(sql`UPDATE orders o SET
      status = CASE v.outcome WHEN 'succeeded' THEN ${BillStatus.ChargePaid}
                              WHEN 'declined' THEN ${BillStatus.ChargePastDue} ELSE o.status END,
      paid_at = CASE WHEN v.outcome = 'succeeded' THEN ${ts(now)} ELSE o.paid_at END,
      next_attempt_at = CASE v.outcome WHEN 'succeeded' THEN NULL WHEN 'declined' THEN ${ts(retryAt)}
                                       ELSE ${ts(settleAt)} END,
      failure_message = CASE v.outcome WHEN 'succeeded' THEN NULL WHEN 'declined' THEN v.message
                                       ELSE o.failure_message END
    FROM json_to_recordset(${payload}::json) AS v(order_id int, key text, outcome text, charge_id text, message text)
    WHERE o.id = v.order_id AND o.status IN (${list(CHARGEABLE_STATUSES)})`);
}

/** Past-due bills of one organization become due for a charge at once (its card changed). */
export async function makePastDueBillsDue(db: DbOrTx, organizationId: number, now: Date): Promise<number> {
  const result = await rows<{ id: number }>(
    db,
    sql`UPDATE orders o SET next_attempt_at = ${ts(now)}
      WHERE o.organization_id = ${organizationId} AND o.status = ${BillStatus.ChargePastDue}
        AND o.kind IN ('renewal', 'overage')
        AND NOT EXISTS (SELECT 1 FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status = 'started')
      RETURNING o.id`,
  );
  return result.length;
}

/** Admin e-mail addresses of an organization (rights bit 2). */
export async function adminEmails(db: DbOrTx, organizationId: number): Promise<string[]> {
  const result = await rows<{ email: string }>(
    db,
    sql`SELECT email FROM persons WHERE organization_id = ${organizationId} AND (rights & 2) = 2 ORDER BY id`,
  );
  return result.map((r) => r.email);
}

export async function billDueDate(db: DbOrTx, orderId: number): Promise<Date | null> {
  const [row] = await rows<{ due_date: unknown }>(db, sql`SELECT due_date FROM orders WHERE id = ${orderId}`);
  return row?.due_date ? date(row.due_date) : null;
}

/** Offline-enabled subscriptions billed on these renewal bills (their license file follows each payment). */
export async function offlineSubscriptionsOfRenewals(db: DbOrTx, orderIds: number[]): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT DISTINCT s.id FROM order_lines l
      JOIN orders o ON o.id = l.order_id AND o.kind = 'renewal'
      JOIN subscriptions s ON s.id = l.subscription_id AND s.is_offline_enabled
      WHERE l.order_id IN (${list(orderIds)})`,
  );
  return found.map((r) => Number(r.id));
}
