import { BillStatus, Rights } from '@store/core';
import type { Db } from '../../../apps/server/src/db/client';
import { createSandboxGateway } from '../../../apps/server/src/gateway/sandbox-gateway';
import { reconcile } from '../../../apps/server/src/modules/billing/reconcile';
import { groupBy } from './group-by';
import type { SinkMessage } from './mail-sink';
import type { Query, SimModel } from './model';
import { rtuViolations } from './rtu-check';

// The year's verdict: each check lists its violations (empty is right), read from the database, the
// sandbox's ledger of charges and the mail server's log.

export interface Check {
  name: string;
  checked: number;
  violations: string[];
}

const describe = (r: object) => JSON.stringify(r);

/** Every billed period charged once: one bill per period, one successful charge per paid bill, none for others. */
async function periodsChargedOnce(q: Query, now: Date): Promise<Check> {
  const twice = await q<object>(
    `SELECT l.subscription_id, l.period_start, array_agg(DISTINCT o.id) AS bills FROM order_lines l
      JOIN orders o ON o.id = l.order_id WHERE o.kind = 'renewal'
      GROUP BY l.subscription_id, l.period_start HAVING count(DISTINCT o.id) > 1`,
  );
  const charges = await q<{ id: number; status: number; kind: string; charged: number; amounts: string }>(
    `SELECT o.id, o.status, o.kind, count(sc.id)::int AS charged,
        coalesce(string_agg(sc.amount_cents::text, ','), '') AS amounts, o.total_cents
      FROM orders o JOIN payment_attempts pa ON pa.order_id = o.id
      LEFT JOIN sandbox_charges sc ON sc.idempotency_key = pa.gateway_key AND sc.status = 'succeeded'
      GROUP BY o.id`,
  );
  const wrong = charges.filter((c) =>
    Number(c.status) === BillStatus.ChargePaid ? c.charged !== 1 : c.charged !== 0,
  );
  const orphans = await q<object>(
    `SELECT sc.id, sc.idempotency_key, sc.amount_cents FROM sandbox_charges sc
      WHERE sc.status = 'succeeded' AND NOT EXISTS (SELECT 1 FROM payment_attempts pa WHERE pa.gateway_key = sc.idempotency_key)
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE 'order-' || o.id = sc.idempotency_key)`,
  );
  // A period due more than a day ago and never billed: a renewal that never happened.
  const missed = await q<object>(
    `SELECT id, next_base_billing_date FROM subscriptions
      WHERE is_active AND deactivate_date IS NULL AND NOT is_perpetual_license AND billing_mode <> 0
        AND next_base_billing_date < $1`,
    [new Date(now.getTime() - 86_400_000).toISOString()],
  );
  return {
    name: 'every period charged exactly once (sandbox ledger against the bills)',
    checked: charges.length,
    violations: [
      ...twice.map((r) => `period billed twice: ${describe(r)}`),
      ...wrong.map((r) => `bill ${r.id} (${r.kind}, status ${r.status}) has ${r.charged} successful charges`),
      ...orphans.map((r) => `charge without a bill: ${describe(r)}`),
      ...missed.map((r) => `period never billed: ${describe(r)}`),
    ],
  };
}

/** No period after a refused (Un-Paid) one, and none after a cancelled subscription's end. */
async function noPeriodOfEndedSubscriptions(q: Query): Promise<Check> {
  const afterUnpaid = await q<object>(
    `SELECT u.subscription_id, u.period_start AS refused, l.period_start AS billed_after FROM order_lines u
      JOIN orders uo ON uo.id = u.order_id AND uo.status = $1 AND uo.kind = 'renewal'
      JOIN order_lines l ON l.subscription_id = u.subscription_id AND l.period_start > u.period_start
      JOIN orders o ON o.id = l.order_id AND o.kind = 'renewal'`,
    [BillStatus.UnPaid],
  );
  const afterCancel = await q<object>(
    `SELECT s.id, s.deactivate_date, l.period_start FROM subscriptions s
      JOIN order_lines l ON l.subscription_id = s.id JOIN orders o ON o.id = l.order_id AND o.kind = 'renewal'
      WHERE s.deactivate_date IS NOT NULL AND l.period_start >= s.deactivate_date`,
  );
  const ended = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM subscriptions WHERE NOT is_active OR deactivate_date IS NOT NULL`,
  );
  return {
    name: 'no period of a refused, deactivated or cancelled subscription billed',
    checked: ended[0]?.n ?? 0,
    violations: [
      ...afterUnpaid.map((r) => `billed after an un-paid period: ${describe(r)}`),
      ...afterCancel.map((r) => `billed after cancellation: ${describe(r)}`),
    ],
  };
}

/**
 * Every quarterly and annual renewal of the run announced once, 7 days ahead: a renewal bill whose
 * date came a week or more after the start has its reminder recorded for that date. A trial's first
 * period is announced by the trial's own notice instead; a subscription deactivated for a late bill
 * got no reminder while it stood deactivated, so one that ever was is left out.
 */
async function renewalsReminded(q: Query, start: Date): Promise<Check> {
  const renewals = await q<{ subscription_id: number; billing_date: string; reminded: boolean }>(
    `SELECT l.subscription_id, o.billing_date::text AS billing_date,
        EXISTS (SELECT 1 FROM billing_notices n WHERE n.kind = 'renewal-reminder'
          AND n.subject_id = l.subscription_id
          AND n.due_on = (o.billing_date AT TIME ZONE 'UTC')::date) AS reminded
      FROM orders o JOIN order_lines l ON l.order_id = o.id JOIN subscriptions s ON s.id = l.subscription_id
      WHERE o.kind = 'renewal' AND s.billing_mode IN (2, 3) AND o.billing_date >= $1
        AND (s.trial_ends_at IS NULL OR o.billing_date > s.trial_ends_at)
        AND NOT EXISTS (SELECT 1 FROM orders u JOIN order_lines ul ON ul.order_id = u.id
          WHERE ul.subscription_id = s.id AND u.status = $2)`,
    [new Date(start.getTime() + 7 * 86_400_000).toISOString(), BillStatus.UnPaid],
  );
  return {
    name: 'every quarterly and annual renewal reminded 7 days ahead',
    checked: renewals.length,
    violations: renewals
      .filter((r) => !r.reminded)
      .map((r) => `renewal of ${r.subscription_id} on ${r.billing_date} never reminded`),
  };
}

/**
 * Every card bill paid during the run receipted: a mail with the bill's invoice attached to each of
 * its organization's admins (decision 018). A bill of nothing (a trial's start) has no receipt.
 */
async function paidBillsReceipted(q: Query, start: Date): Promise<Check> {
  const bills = await q<{ id: number; admins: number; receipts: number }>(
    `WITH receipts AS (SELECT (a->>'orderId')::int AS order_id, count(*)::int AS n
          FROM outbox m, jsonb_array_elements(m.attachments) a
          WHERE m.subject LIKE 'Receipt for %' GROUP BY 1),
        admins AS (SELECT organization_id, count(*)::int AS n FROM persons
          WHERE (rights & $3) <> 0 GROUP BY 1)
      SELECT o.id, coalesce(ad.n, 0) AS admins, coalesce(r.n, 0) AS receipts FROM orders o
        LEFT JOIN receipts r ON r.order_id = o.id LEFT JOIN admins ad ON ad.organization_id = o.organization_id
      WHERE o.status = $1 AND o.paid_at >= $2 AND o.total_cents > 0`,
    [BillStatus.ChargePaid, start.toISOString(), Rights.Admin],
  );
  return {
    name: 'every card bill paid receipted once to each admin',
    checked: bills.length,
    violations: bills
      .filter((b) => b.receipts !== b.admins)
      .map((b) => `bill ${b.id}: ${b.receipts} receipts for ${b.admins} admins`),
  };
}

/**
 * Every bill's money adds up: its total is the sum of its lines (a checkout or editor charge the card
 * declined has none, and was never paid), the gateway charged its total, and its refunds sum to no
 * more than it, each card refund in the gateway's ledger for the amount on its credit note.
 */
async function amountsAgree(q: Query): Promise<Check> {
  const bills = await q<{
    id: number;
    total: number;
    lines: number | null;
    paid: boolean;
    charged: number | null;
    refunded: number | null;
    off_ledger: number;
  }>(
    `WITH lines AS (SELECT order_id, sum(amount_cents)::int AS cents FROM order_lines GROUP BY 1),
        charged AS (SELECT pa.order_id, sum(sc.amount_cents)::int AS cents FROM payment_attempts pa
          JOIN sandbox_charges sc ON sc.idempotency_key = pa.gateway_key AND sc.status = 'succeeded' GROUP BY 1),
        refunded AS (SELECT r.order_id, sum(r.amount_cents)::int AS cents,
            count(*) FILTER (WHERE r.offline_method IS NULL
              AND sr.amount_cents IS DISTINCT FROM r.amount_cents)::int AS off_ledger
          FROM refunds r LEFT JOIN sandbox_refunds sr
            ON sr.idempotency_key = r.gateway_key AND sr.status = 'succeeded'
          WHERE r.status = 'succeeded' GROUP BY 1)
      SELECT o.id, o.total_cents AS total, l.cents AS lines, o.paid_at IS NOT NULL AS paid,
          c.cents AS charged, r.cents AS refunded, coalesce(r.off_ledger, 0) AS off_ledger
        FROM orders o LEFT JOIN lines l ON l.order_id = o.id LEFT JOIN charged c ON c.order_id = o.id
          LEFT JOIN refunded r ON r.order_id = o.id`,
  );
  const violations: string[] = [];
  for (const b of bills) {
    if (b.lines !== null ? b.lines !== b.total : b.paid || b.charged !== null)
      violations.push(`bill ${b.id}: total ${b.total}, its lines ${b.lines ?? 'none'}`);
    if (b.charged !== null && b.charged !== b.total)
      violations.push(`bill ${b.id}: total ${b.total}, charged ${b.charged}`);
    if (b.refunded !== null && b.refunded > b.total)
      violations.push(`bill ${b.id}: total ${b.total}, refunded ${b.refunded}`);
    if (b.off_ledger > 0)
      violations.push(`bill ${b.id}: ${b.off_ledger} refunds not as the gateway made them`);
  }
  return {
    name: "every bill's lines, charge and refunds agree with its total",
    checked: bills.length,
    violations,
  };
}

/** One series a year over invoices and credit notes, from 1, without gaps or repeats. */
async function documentNumbers(q: Query): Promise<Check> {
  const numbers = await q<{ n: string }>(
    `SELECT invoice_number AS n FROM orders WHERE invoice_number IS NOT NULL
      UNION ALL SELECT credit_note_number FROM refunds WHERE credit_note_number IS NOT NULL`,
  );
  const byYear = groupBy(
    numbers.map(({ n }) => n.split('-') as [string, string]),
    ([year]) => year,
  );
  const violations: string[] = [];
  for (const [year, parts] of byYear) {
    const seqs = parts.map(([, seq]) => Number(seq)).sort((a, b) => a - b);
    seqs.forEach((seq, i) => {
      if (seq !== i + 1 && violations.length < 20)
        violations.push(`${year}: number ${i + 1} expected, ${seq} found`);
    });
  }
  return { name: 'invoice and credit-note numbers gap-free and unique', checked: numbers.length, violations };
}

async function reconciled(db: Db, q: Query, now: Date): Promise<Check> {
  const differences = await reconcile(db, createSandboxGateway(db), { since: null, now });
  const charges = await q<{ n: number }>(`SELECT count(*)::int AS n FROM sandbox_charges`);
  return { name: '`reconcile` finds no difference', checked: charges[0]?.n ?? 0, violations: differences };
}

/**
 * Every mail of the outbox sent and received, and nothing received that the outbox did not write:
 * a mail delivered twice (a sender that lost its answer) carries its one Message-ID both times.
 */
async function mailSent(q: Query, received: SinkMessage[]): Promise<Check> {
  const outbox = await q<{ message_id: string; to_address: string; sent: boolean }>(
    `SELECT message_id, to_address, sent_at IS NOT NULL AS sent FROM outbox`,
  );
  const idOf = (m: SinkMessage) => m.messageId.replace(/^<|@.*$/g, '');
  const got = new Set(received.map(idOf));
  const written = new Set(outbox.map((m) => m.message_id));
  const violations: string[] = [];
  for (const m of outbox) {
    if (!m.sent) violations.push(`mail ${m.message_id} to ${m.to_address} never sent`);
    else if (!got.has(m.message_id)) violations.push(`mail ${m.message_id} to ${m.to_address} not received`);
  }
  for (const m of received)
    if (!written.has(idOf(m)))
      violations.push(`mail to ${m.to} with Message-ID ${m.messageId} is no mail of the outbox`);
  return {
    name: 'every mail sent; duplicates only with the same Message-ID',
    checked: outbox.length,
    violations,
  };
}

export async function runChecks(
  db: Db,
  q: Query,
  model: SimModel,
  run: { start: Date; now: Date },
  received: SinkMessage[],
  trace?: (line: string) => void,
): Promise<Check[]> {
  const { start, now } = run;
  const steps = [
    () => periodsChargedOnce(q, now),
    () => noPeriodOfEndedSubscriptions(q),
    () => rtuViolations(q, model, now),
    () => documentNumbers(q),
    () => reconciled(db, q, now),
    () => mailSent(q, received),
    () => renewalsReminded(q, start),
    () => paidBillsReceipted(q, start),
    () => amountsAgree(q),
  ];
  const checks: Check[] = [];
  for (const step of steps) {
    const started = Date.now();
    const check = await step();
    trace?.(`  ${check.name}: ${Date.now() - started} ms`);
    checks.push(check);
  }
  return checks;
}
