import { BillingMode, BillStatus } from '@store/core';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

// billing_notices: each notice is recorded as it is claimed, so it goes out once (billing-notices.ts).

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

type NoticeKind = 'renewal-reminder' | 'card-expiring' | 'payment-reminder' | 'trial-ending';

/** A notice's day: the date of what it announces (the renewal, the trial's end, the reminder's day). */
const dueOn = (renews: SQL) => sql`((${renews}) AT TIME ZONE 'UTC')::date`;

/**
 * A claim's condition that its subject has no notice of this kind for this day yet. Without it the
 * first batch of rows, once recorded, would stay the first batch of every later claim and hide the
 * rows after it: a week with more renewals than a batch reminded a batch of them.
 */
const notRecorded = (kind: NoticeKind, subjectId: SQL, renews: SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM billing_notices n WHERE n.kind = ${sql.raw(`'${kind}'`)}
        AND n.subject_id = ${subjectId} AND n.due_on = ${dueOn(renews)})`;

/**
 * The end of a claim: records a notice for each row of its `due` CTE (with its `id` and `renews`) and
 * returns only the rows recorded now; a row recorded meanwhile by another process was sent by it.
 */
const recordedOnce = (kind: NoticeKind, now: Date) => sql`recorded AS (
          INSERT INTO billing_notices (kind, subject_id, due_on, sent_at)
          SELECT ${sql.raw(`'${kind}'`)}, id, ${dueOn(sql`renews`)}, ${ts(now)} FROM due
          ON CONFLICT DO NOTHING RETURNING subject_id)
        SELECT due.* FROM due JOIN recorded ON recorded.subject_id = due.id`;

/** A subscription a notice is about: whom it bills, when it renews, and whether by invoice. */
type SubscriptionNoticeRow = {
  id: number;
  organization_id: number;
  description: string;
  billing_mode: number;
  renews: unknown;
  by_invoice: boolean;
};

/** Quarterly and annual subscriptions renewing within `withinMs` not reminded yet, recorded as reminded. */
export function claimRenewalReminders(tx: DbOrTx, now: Date, withinMs: number, limit: number) {
  return queryRows<SubscriptionNoticeRow>(
    tx,
    sql`WITH due AS (
          SELECT s.id, s.organization_id, s.description, s.billing_mode,
                 s.next_base_billing_date AS renews, o.billed_by_invoice AS by_invoice
          FROM subscriptions s JOIN organizations o ON o.id = s.organization_id
          WHERE s.is_active AND s.deactivate_date IS NULL AND NOT s.is_perpetual_license
            AND s.billing_mode IN (${BillingMode.Quarterly}, ${BillingMode.Annually})
            AND s.next_base_billing_date > ${ts(now)}
            AND s.next_base_billing_date <= ${ts(new Date(now.getTime() + withinMs))}
            AND (s.trial_ends_at IS NULL OR s.next_base_billing_date > s.trial_ends_at)
            AND ${notRecorded('renewal-reminder', sql`s.id`, sql`s.next_base_billing_date`)}
          ORDER BY s.id LIMIT ${limit}),
        ${recordedOnce('renewal-reminder', now)}`,
  );
}

/**
 * Organizations whose card on file expires before a renewal within `withinMs` (docs/decisions/042: 14
 * days ahead, when the admin still has time to add a card), not warned yet, recorded as warned. The card is good through the last day of its expiry month; the renewal is the earliest of
 * the organization's subscriptions that still renew.
 */
export function claimCardExpiryWarnings(tx: DbOrTx, now: Date, withinMs: number, limit: number) {
  return queryRows<{
    id: number;
    brand: string | null;
    last4: string;
    exp_month: number;
    exp_year: number;
    renews: unknown;
  }>(
    tx,
    sql`WITH next_renewal AS (
          SELECT s.organization_id, min(s.next_base_billing_date) AS renews
          FROM subscriptions s
          WHERE s.is_active AND s.deactivate_date IS NULL AND NOT s.is_perpetual_license
            AND s.billing_mode <> ${BillingMode.NoBill} AND s.next_base_billing_date > ${ts(now)}
            AND s.next_base_billing_date <= ${ts(new Date(now.getTime() + withinMs))}
          GROUP BY s.organization_id),
        due AS (
          SELECT o.id, o.card_brand AS brand, o.card_last_four AS last4, o.card_exp_month AS exp_month,
                 o.card_exp_year AS exp_year, r.renews
          FROM organizations o JOIN next_renewal r ON r.organization_id = o.id
          WHERE NOT o.billed_by_invoice AND o.payment_method_id IS NOT NULL
            AND o.card_exp_year IS NOT NULL AND o.card_exp_month IS NOT NULL
            AND make_timestamptz(o.card_exp_year, o.card_exp_month, 1, 0, 0, 0, 'UTC')
                + interval '1 month' <= r.renews
            AND ${notRecorded('card-expiring', sql`o.id`, sql`r.renews`)}
          ORDER BY o.id LIMIT ${limit}),
        ${recordedOnce('card-expiring', now)}`,
  );
}

/** The subscriptions' names and organizations (billed by invoice or not), by id. */
export function subscriptionsNamed(tx: DbOrTx, subscriptionIds: number[]) {
  return queryRows<{ id: number; organization_id: number; description: string; by_invoice: boolean }>(
    tx,
    sql`SELECT s.id, s.organization_id, s.description, o.billed_by_invoice AS by_invoice
      FROM subscriptions s JOIN organizations o ON o.id = s.organization_id WHERE s.id IN (${sql.join(
        subscriptionIds.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY s.id`,
  );
}

/**
 * Past-due card bills a reminder is due for (docs/decisions/042): of the days before the deactivation
 * the operator chose, the nearest one that has come, so a clock far ahead sends one reminder, not each
 * missed one. Recorded per bill and reminder day (`renews` is the reminder's day), so each goes out once;
 * a bill paid, voided or written off is no longer past due and gets none.
 */
export function claimPaymentReminders(tx: DbOrTx, now: Date, daysBefore: readonly number[], limit: number) {
  const days = sql.raw(daysBefore.map((d) => String(Math.trunc(d))).join(', '));
  return queryRows<{
    id: number;
    invoice_number: string | null;
    organization_id: number;
    total_cents: number;
    due_date: unknown;
    failure_message: string | null;
  }>(
    tx,
    sql`WITH due AS (
          SELECT o.id, o.invoice_number, o.organization_id, o.total_cents, o.due_date, o.failure_message,
                 o.due_date - make_interval(days => r.days_before) AS renews
          FROM orders o
          CROSS JOIN LATERAL (SELECT min(d) AS days_before FROM unnest(ARRAY[${days}]::int[]) AS d
            WHERE o.due_date - make_interval(days => d) <= ${ts(now)}) r
          WHERE o.status = ${BillStatus.ChargePastDue} AND o.kind IN ('renewal', 'overage')
            AND o.due_date > ${ts(now)} AND r.days_before IS NOT NULL
            AND ${notRecorded('payment-reminder', sql`o.id`, sql`o.due_date - make_interval(days => r.days_before)`)}
          ORDER BY o.id LIMIT ${limit}),
        ${recordedOnce('payment-reminder', now)}`,
  );
}

/**
 * Free trials ending within `withinMs` (docs/decisions/043: 3 days ahead), not converted or ended, not
 * told yet, recorded as told; with what the first period will cost and how it would be paid.
 */
export function claimTrialEndings(tx: DbOrTx, now: Date, withinMs: number, limit: number) {
  return queryRows<
    SubscriptionNoticeRow & {
      has_card: boolean;
      product: number;
      monthly_fee_cents: number;
      xtra_auto_tag_per_month_cents: number;
      number_machines: number;
      xtra_auto_tags: number;
      billing_mode_discount_bp: number;
      discount_bp: number;
    }
  >(
    tx,
    sql`WITH due AS (
          SELECT s.id, s.organization_id, s.description, s.billing_mode, s.trial_ends_at AS renews,
                 o.billed_by_invoice AS by_invoice, o.payment_method_id IS NOT NULL AS has_card,
                 p.product, p.monthly_fee_cents, p.xtra_auto_tag_per_month_cents,
                 COALESCE(s.pending_number_machines, s.number_machines) AS number_machines,
                 COALESCE(s.pending_xtra_auto_tags, s.xtra_auto_tags) AS xtra_auto_tags, s.billing_mode_discount_bp, o.discount_bp
          FROM subscriptions s JOIN organizations o ON o.id = s.organization_id
            JOIN pricing_plans p ON p.id = COALESCE(s.pending_pricing_plan_id, s.pricing_plan_id)
          WHERE s.is_active AND s.deactivate_date IS NULL AND s.trial_ends_at IS NOT NULL
            AND s.next_base_billing_date = s.trial_ends_at
            AND s.trial_ends_at > ${ts(now)}
            AND s.trial_ends_at <= ${ts(new Date(now.getTime() + withinMs))}
            AND ${notRecorded('trial-ending', sql`s.id`, sql`s.trial_ends_at`)}
          ORDER BY s.id LIMIT ${limit}),
        ${recordedOnce('trial-ending', now)}`,
  );
}
