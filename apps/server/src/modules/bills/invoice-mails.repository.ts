import { type InvoiceReminderKind, OPEN_INVOICE_STATUSES } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { isAdminSql } from '../../db/schema';

// Invoices mailed when issued (docs/decisions/030): the SQL that finds the ones not mailed yet and
// records them as mailed. Claims lock with FOR UPDATE SKIP LOCKED, so of several processes one
// mails each invoice, and the mark is written with its mails in one transaction.

const list = (values: readonly number[]) => sql.raw(values.join(', '));
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const num = (v: unknown): number => Number(v);

export interface UnsentInvoice {
  id: number;
  organizationId: number;
  totalCents: number;
  billingDate: Date;
  dueDate: Date;
  invoiceNumber: string;
}

/** What both reads select of an invoice, and how it comes back. */
const INVOICE_COLUMNS = sql`o.id, o.organization_id, o.total_cents, o.billing_date, o.due_date, o.invoice_number`;
interface InvoiceRow {
  id: number;
  organization_id: number;
  total_cents: number;
  billing_date: unknown;
  due_date: unknown;
  invoice_number: string;
}
const toInvoice = (r: InvoiceRow): UnsentInvoice => ({
  id: num(r.id),
  organizationId: num(r.organization_id),
  totalCents: num(r.total_cents),
  billingDate: date(r.billing_date),
  dueDate: date(r.due_date),
  invoiceNumber: r.invoice_number,
});

/**
 * Open invoices whose mail was not written yet, of organizations with an admin to write to, oldest
 * first, locked. One another process is mailing (locked) is its.
 */
export async function claimUnsentInvoices(tx: DbOrTx, limit: number): Promise<UnsentInvoice[]> {
  const rows = await queryRows<InvoiceRow>(
    tx,
    sql`SELECT ${INVOICE_COLUMNS}
      FROM orders o
      WHERE o.status IN (${list(OPEN_INVOICE_STATUSES)}) AND o.invoice_sent_at IS NULL
        AND o.due_date IS NOT NULL AND o.invoice_number IS NOT NULL
        AND EXISTS (SELECT 1 FROM persons WHERE persons.organization_id = o.organization_id AND ${isAdminSql()})
      ORDER BY o.id LIMIT ${limit}
      FOR UPDATE OF o SKIP LOCKED`,
  );
  return rows.map(toInvoice);
}

/** The invoices' mails were written now: each its time and the end of its grace. */
export async function markInvoicesSent(
  tx: DbOrTx,
  sent: { id: number; sentAt: Date; graceEndsAt: Date }[],
): Promise<void> {
  if (sent.length === 0) return;
  const payload = JSON.stringify(
    sent.map((s) => ({ id: s.id, sent: s.sentAt.toISOString(), grace: s.graceEndsAt.toISOString() })),
  );
  await tx.execute(sql`UPDATE orders o SET invoice_sent_at = v.sent, grace_ends_at = v.grace
    FROM json_to_recordset(${payload}::json) AS v(id int, sent timestamptz, grace timestamptz)
    WHERE o.id = v.id AND o.invoice_sent_at IS NULL`);
}

export interface MailedInvoice extends UnsentInvoice {
  sentAt: Date;
  graceEndsAt: Date;
}

/**
 * Open, mailed invoices whose due date is within `window` days of now (from `fromDays` before to
 * `untilDays` after it), after `afterId` by id. Shared locks: a payment being recorded holds its bill,
 * and that bill is skipped, so no reminder follows a payment committed meanwhile.
 */
export async function openMailedInvoices(
  tx: DbOrTx,
  a: { now: Date; fromDays: number; untilDays: number; afterId: number; limit: number },
): Promise<MailedInvoice[]> {
  const day = (n: number) => sql`${a.now.toISOString()}::timestamptz + make_interval(days => ${n})`;
  const rows = await queryRows<InvoiceRow & { invoice_sent_at: unknown; grace_ends_at: unknown }>(
    tx,
    sql`SELECT ${INVOICE_COLUMNS}, o.invoice_sent_at, o.grace_ends_at
      FROM orders o
      WHERE o.status IN (${list(OPEN_INVOICE_STATUSES)}) AND o.invoice_sent_at IS NOT NULL
        AND o.grace_ends_at IS NOT NULL AND o.id > ${a.afterId}
        AND o.due_date <= ${day(-a.fromDays)} AND o.due_date > ${day(-a.untilDays)}
      ORDER BY o.id LIMIT ${a.limit}
      FOR SHARE OF o SKIP LOCKED`,
  );
  return rows.map((r) => ({
    ...toInvoice(r),
    sentAt: date(r.invoice_sent_at),
    graceEndsAt: date(r.grace_ends_at),
  }));
}

/** Records the reminders as sent; answers those recorded now (one already recorded was sent before). */
export async function recordReminders(
  tx: DbOrTx,
  reminders: { orderId: number; kind: InvoiceReminderKind }[],
  now: Date,
): Promise<{ orderId: number; kind: InvoiceReminderKind }[]> {
  if (reminders.length === 0) return [];
  const rows = await queryRows<{ order_id: number; kind: InvoiceReminderKind }>(
    tx,
    sql`INSERT INTO invoice_reminders (order_id, kind, sent_at)
      SELECT v.order_id, v.kind, ${now.toISOString()}::timestamptz
      FROM json_to_recordset(${JSON.stringify(reminders.map((r) => ({ order_id: r.orderId, kind: r.kind })))}::json)
        AS v(order_id int, kind text)
      ON CONFLICT DO NOTHING RETURNING order_id, kind`,
  );
  return rows.map((r) => ({ orderId: num(r.order_id), kind: r.kind }));
}
