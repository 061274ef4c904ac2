import { billStatusText, CHARGEABLE_BILL_STATUSES } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { outboxDepth } from '../mail/outbox';

// What GET /metrics reads from the database at each scrape (decision 018): figures every process
// shares (bills, charges, the outbox, how late claimed work is), so any replica answers the same.

const list = (values: readonly number[]) => sql.raw(values.join(', '));

export async function billsByStatus(db: DbOrTx) {
  const rows = await queryRows<{ status: number; n: string | number }>(
    db,
    sql`SELECT status, count(*) AS n FROM orders GROUP BY status`,
  );
  return rows.map((r) => ({ status: billStatusText(Number(r.status)), count: Number(r.n) }));
}

export async function chargeOutcomes(db: DbOrTx) {
  const rows = await queryRows<{ status: string; n: string | number }>(
    db,
    sql`SELECT status, count(*) AS n FROM payment_attempts GROUP BY status`,
  );
  return rows.map((r) => ({ outcome: r.status, count: Number(r.n) }));
}

/**
 * How long the oldest due work has waited to be claimed, in seconds (0 when none waits): renewals
 * past their date, charges past their attempt time, mail past its send time.
 */
export async function claimLag(db: DbOrTx, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ renewals: unknown; charges: unknown; outbox: unknown }>(
    db,
    sql`SELECT
      (SELECT extract(epoch FROM ${at} - min(next_base_billing_date)) FROM subscriptions
        WHERE is_active AND NOT is_perpetual_license AND next_base_billing_date <= ${at}) AS renewals,
      (SELECT extract(epoch FROM ${at} - min(next_attempt_at)) FROM orders
        WHERE status IN (${list(CHARGEABLE_BILL_STATUSES)}) AND next_attempt_at <= ${at}) AS charges,
      (SELECT extract(epoch FROM now() - min(next_attempt_at)) FROM outbox
        WHERE sent_at IS NULL AND next_attempt_at <= now()) AS outbox`,
  );
  const seconds = (v: unknown) => Math.max(0, Number(v ?? 0));
  return { renewals: seconds(row?.renewals), charges: seconds(row?.charges), outbox: seconds(row?.outbox) };
}

export { outboxDepth };
