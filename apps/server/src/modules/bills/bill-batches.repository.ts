import {
  type BilledTo,
  BillStatus,
  OUTSTANDING_BILL_STATUSES,
  WRITTEN_OFF_IN_GRACE_STATUSES,
} from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { isAdminSql } from '../../db/schema';

// The billing engine's bulk SQL on bills, lines and attempts. Claims lock rows with FOR UPDATE SKIP
// LOCKED so that several server processes share the due work without waiting on each other and
// never take the same row twice (docs/design.md §1, §3). Bulk statements take their rows as one JSON
// parameter, which both node-postgres and PGlite pass through unchanged.

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const num = (v: unknown): number => Number(v);

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
  /** Charge attempts started (1: made with its first attempt started, first-attempts.ts). */
  attempts?: number;
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
    /** A promotion code's share, already taken off amountCents (docs/decisions/041). */
    promotionCode?: string | null;
    promotionCents?: number;
  };
  /** Further lines: small bills carried into this one (core's smallAmountOutcome). */
  carriedLines?: NewBill['line'][];
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
      attempts: b.attempts ?? 0,
      billed_to: b.billedTo,
    })),
  );
  const inserted = await queryRows<{ id: number; period_key: string }>(
    tx,
    sql`INSERT INTO orders (organization_id, kind, status, total_cents, billing_date, due_date, period_key,
        next_attempt_at, paid_at, attempts, billed_to)
      SELECT organization_id, kind, status, total_cents, billing_date, due_date, period_key, next_attempt_at,
        paid_at, attempts, billed_to
      FROM json_to_recordset(${payload}::json) AS v(organization_id int, kind text, status int, total_cents int,
        billing_date timestamptz, due_date timestamptz, period_key text, next_attempt_at timestamptz,
        paid_at timestamptz, attempts int, billed_to jsonb)
      ON CONFLICT (period_key) DO NOTHING
      RETURNING id, period_key`,
  );
  for (const r of inserted) ids.set(r.period_key, num(r.id));
  const lines = bills
    .filter((b) => ids.has(b.periodKey))
    .flatMap((b) =>
      [b.line, ...(b.carriedLines ?? [])].map((line) => ({
        order_id: ids.get(b.periodKey),
        subscription_id: line.subscriptionId,
        description: line.description,
        product_name: line.productName,
        plan_name: line.planName,
        billing_mode: line.billingMode,
        period_start: line.periodStart.toISOString(),
        period_end: line.periodEnd.toISOString(),
        list_cents: line.listCents,
        discount_cents: line.discountCents,
        amount_cents: line.amountCents,
        promotion_code: line.promotionCode ?? null,
        promotion_cents: line.promotionCents ?? 0,
      })),
    );
  if (lines.length > 0) {
    await tx.execute(sql`INSERT INTO order_lines (order_id, subscription_id, description, product_name, plan_name,
        billing_mode, period_start, period_end, list_cents, discount_cents, amount_cents, promotion_code,
        promotion_cents)
      SELECT * FROM json_to_recordset(${JSON.stringify(lines)}::json) AS v(order_id int, subscription_id int,
        description text, product_name text, plan_name text, billing_mode int, period_start timestamptz,
        period_end timestamptz, list_cents int, discount_cents int, amount_cents int, promotion_code text,
        promotion_cents int)`);
  }
  return ids;
}

export interface OverdueBill {
  id: number;
  organizationId: number;
  /** When its grace ended: the day its subscriptions are deactivated as of. */
  graceEndsAt: Date;
}

const CHARGE_IN_FLIGHT = sql`EXISTS (SELECT 1 FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status = 'started')`;

/** The statuses of an invoice in its grace, open or written off (docs/decisions/029, 030). */
const INVOICE_IN_GRACE: readonly number[] = [
  BillStatus.OfflineInvoice,
  BillStatus.OfflinePending,
  BillStatus.OfflinePastDue,
  BillStatus.OfflineUncollectible,
];
const CARD_IN_GRACE = [
  ...OUTSTANDING_BILL_STATUSES.filter((st) => st !== BillStatus.ChargePending),
  ...WRITTEN_OFF_IN_GRACE_STATUSES,
].filter((st) => !INVOICE_IN_GRACE.includes(st));

/**
 * Bills whose grace has ended without payment. A card bill's ends 14 days after its renewal date
 * (its due date). An invoice's ends when core's invoiceGraceEnd says, recorded when it was mailed
 * (grace_ends_at): never while it was not mailed (docs/decisions/030). A card bill is given up only once a charge
 * was tried and declined (ChargePastDue): one never tried (a process stopped between billing and
 * charging, or a server catching up after downtime) is charged first. A bill whose charge is in
 * flight (an attempt still 'started') waits until that charge is settled, so money taken is never
 * ignored. A bill the operator wrote off within its grace is given up too (docs/decisions/029).
 */
export async function claimOverdueBills(tx: DbOrTx, now: Date, limit: number): Promise<OverdueBill[]> {
  const result = await queryRows<{ id: number; organization_id: number; grace_end: unknown }>(
    tx,
    sql`SELECT o.id, o.organization_id, COALESCE(o.grace_ends_at, o.due_date) AS grace_end FROM orders o
      WHERE ((o.status IN (${list(CARD_IN_GRACE)}) AND o.due_date <= ${ts(now)} AND o.kind IN ('renewal', 'overage'))
          OR (o.status IN (${list(INVOICE_IN_GRACE)}) AND o.grace_ends_at <= ${ts(now)}))
        AND NOT ${CHARGE_IN_FLIGHT}
      ORDER BY grace_end, o.id LIMIT ${limit}
      FOR UPDATE OF o SKIP LOCKED`,
  );
  if (result.length === 0) return [];
  // A bill whose charge another process started while this statement ran is read again once its
  // lock is free, but the subquery keeps the statement's older view, without the started attempt.
  // Asked again in a statement of its own, so a bill being charged is never given up.
  const inFlight = await queryRows<{ id: number }>(
    tx,
    sql`SELECT o.id FROM orders o WHERE o.id IN (${list(result.map((r) => num(r.id)))}) AND ${CHARGE_IN_FLIGHT}`,
  );
  const charging = new Set(inFlight.map((r) => num(r.id)));
  return result
    .filter((r) => !charging.has(num(r.id)))
    .map((r) => ({
      id: num(r.id),
      organizationId: num(r.organization_id),
      graceEndsAt: date(r.grace_end),
    }));
}

/**
 * Overdue bills become UnPaid (written-off ones UnPaidUncollectible); the subscriptions module
 * deactivates what they billed.
 */
export async function markUnpaid(tx: DbOrTx, bills: OverdueBill[]): Promise<void> {
  if (bills.length === 0) return;
  const payload = JSON.stringify(bills.map((b) => ({ id: b.id })));
  await tx.execute(sql`UPDATE orders o SET next_attempt_at = NULL,
      status = CASE WHEN o.status IN (${list(WRITTEN_OFF_IN_GRACE_STATUSES)}) THEN ${list([BillStatus.UnPaidUncollectible])}
                    ELSE ${list([BillStatus.UnPaid])} END
    FROM json_to_recordset(${payload}::json) AS v(id int) WHERE o.id = v.id`);
}

/** Past-due bills of one organization become due for a charge at once (its card changed). */
export async function makePastDueBillsDue(db: DbOrTx, organizationId: number, now: Date): Promise<number> {
  const result = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders o SET next_attempt_at = ${ts(now)}
      WHERE o.organization_id = ${organizationId} AND o.status = ${BillStatus.ChargePastDue}
        AND o.kind IN ('renewal', 'overage')
        AND NOT EXISTS (SELECT 1 FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status = 'started')
      RETURNING o.id`,
  );
  return result.length;
}

/** Admin e-mail addresses of each of these organizations, in one statement. */
export async function adminEmailsOf(db: DbOrTx, organizationIds: number[]): Promise<Map<number, string[]>> {
  const byOrg = new Map<number, string[]>();
  if (organizationIds.length === 0) return byOrg;
  const rows = await queryRows<{ organization_id: number; email: string }>(
    db,
    sql`SELECT organization_id, email FROM persons
      WHERE organization_id IN (${list([...new Set(organizationIds)])}) AND ${isAdminSql()} ORDER BY id`,
  );
  for (const r of rows) {
    const orgId = num(r.organization_id);
    byOrg.set(orgId, [...(byOrg.get(orgId) ?? []), r.email]);
  }
  return byOrg;
}

/** Admin e-mail addresses of an organization. */
export async function adminEmails(db: DbOrTx, organizationId: number): Promise<string[]> {
  return (await adminEmailsOf(db, [organizationId])).get(organizationId) ?? [];
}

/** A bill's date and due date (the grace's end), for its decline mail. */
export async function billDates(
  db: DbOrTx,
  orderId: number,
): Promise<{ billingDate: Date; dueDate: Date | null } | null> {
  const [row] = await queryRows<{ billing_date: unknown; due_date: unknown }>(
    db,
    sql`SELECT billing_date, due_date FROM orders WHERE id = ${orderId}`,
  );
  if (!row) return null;
  return { billingDate: date(row.billing_date), dueDate: row.due_date ? date(row.due_date) : null };
}

/** Of these bills, the paid ones with money paid (a receipt each), by id. */
export function paidBillsWithMoney(tx: DbOrTx, orderIds: number[]) {
  return queryRows<{
    id: number;
    invoice_number: string | null;
    organization_id: number;
    total_cents: number;
    paid_at: unknown;
  }>(
    tx,
    sql`SELECT id, invoice_number, organization_id, total_cents, paid_at FROM orders
        WHERE id IN (${sql.raw(orderIds.join(', '))}) AND total_cents > 0 AND paid_at IS NOT NULL ORDER BY id`,
  );
}
