import { BillingMode, cardBrandName, toCardBrand } from '@store/core';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { cardExpiringMail, deactivatedMail, renewalReminderMail } from '../../mail/billing-mails';
import { enqueueMail } from '../../mail/outbox';
import type { BillingDeps } from '../bills';
import { billingContacts } from '../bills';

// The billing notices that are not a payment's (decision 018): a reminder 7 days before a quarterly
// or annual renewal, a warning when the card on file expires before the next renewal, a notice when
// a subscription is deactivated. Each is recorded in billing_notices with its mails, in one
// transaction, so it goes out once.

const DAY_MS = 86_400_000;
export const RENEWAL_REMINDER_DAYS = 7;
const BATCH = 100;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const cycleName = (mode: number) => (mode === BillingMode.Annually ? 'Annual' : 'Quarterly');

/** Sends the reminders and warnings now due; run by the scheduler after each billing cycle. */
export async function sendBillingNotices(deps: Pick<BillingDeps, 'db' | 'clock' | 'publicUrl'>) {
  const publicUrl = deps.publicUrl ?? '';
  let reminders = 0;
  let cardWarnings = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const due = await queryRows<{
        id: number;
        organization_id: number;
        description: string;
        billing_mode: number;
        renews: unknown;
        by_invoice: boolean;
      }>(
        tx,
        sql`WITH due AS (
              SELECT s.id, s.organization_id, s.description, s.billing_mode,
                     s.next_base_billing_date AS renews, o.billed_by_invoice AS by_invoice
              FROM subscriptions s JOIN organizations o ON o.id = s.organization_id
              WHERE s.is_active AND s.deactivate_date IS NULL AND NOT s.is_perpetual_license
                AND s.billing_mode IN (${BillingMode.Quarterly}, ${BillingMode.Annually})
                AND s.next_base_billing_date > ${ts(now)}
                AND s.next_base_billing_date <= ${ts(new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS))}
              ORDER BY s.id LIMIT ${BATCH}),
            recorded AS (
              INSERT INTO billing_notices (kind, subject_id, due_on, sent_at)
              SELECT 'renewal-reminder', id, (renews AT TIME ZONE 'UTC')::date, ${ts(now)} FROM due
              ON CONFLICT DO NOTHING RETURNING subject_id)
            SELECT due.* FROM due JOIN recorded ON recorded.subject_id = due.id`,
      );
      for (const s of due) {
        for (const to of await billingContacts(tx, s.organization_id)) {
          await enqueueMail(
            tx,
            renewalReminderMail({
              publicUrl,
              to,
              subscriptionName: s.description,
              cycle: cycleName(Number(s.billing_mode)),
              renewsOn: asDate(s.renews),
              byInvoice: s.by_invoice,
            }),
          );
        }
      }
      return due.length;
    });
    reminders += n;
    if (n < BATCH) break;
  }
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      // The card is good through the last day of its expiry month; the renewal is the earliest of
      // the organization's subscriptions that still renew.
      const due = await queryRows<{
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
              GROUP BY s.organization_id),
            due AS (
              SELECT o.id, o.card_brand AS brand, o.card_last_four AS last4, o.card_exp_month AS exp_month,
                     o.card_exp_year AS exp_year, r.renews
              FROM organizations o JOIN next_renewal r ON r.organization_id = o.id
              WHERE NOT o.billed_by_invoice AND o.payment_method_id IS NOT NULL
                AND o.card_exp_year IS NOT NULL AND o.card_exp_month IS NOT NULL
                AND make_timestamptz(o.card_exp_year, o.card_exp_month, 1, 0, 0, 0, 'UTC')
                    + interval '1 month' <= r.renews
              ORDER BY o.id LIMIT ${BATCH}),
            recorded AS (
              INSERT INTO billing_notices (kind, subject_id, due_on, sent_at)
              SELECT 'card-expiring', id, (renews AT TIME ZONE 'UTC')::date, ${ts(now)} FROM due
              ON CONFLICT DO NOTHING RETURNING subject_id)
            SELECT due.* FROM due JOIN recorded ON recorded.subject_id = due.id`,
      );
      for (const o of due) {
        const card = `${cardBrandName(toCardBrand(o.brand))} ending in ${o.last4}`;
        const expires = `${String(o.exp_month).padStart(2, '0')}/${o.exp_year}`;
        for (const to of await billingContacts(tx, o.id)) {
          await enqueueMail(
            tx,
            cardExpiringMail({ publicUrl, to, card, expires, renewsOn: asDate(o.renews) }),
          );
        }
      }
      return due.length;
    });
    cardWarnings += n;
    if (n < BATCH) break;
  }
  return { reminders, cardWarnings };
}

/** In the transaction that deactivates subscriptions for an unpaid bill: their admins are told. */
export async function enqueueDeactivationNotices(tx: DbOrTx, subscriptionIds: number[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  const subs = await queryRows<{ id: number; organization_id: number; description: string }>(
    tx,
    sql`SELECT id, organization_id, description FROM subscriptions WHERE id IN (${sql.join(
      subscriptionIds.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY id`,
  );
  for (const s of subs) {
    for (const to of await billingContacts(tx, s.organization_id)) {
      await enqueueMail(tx, deactivatedMail({ to, subscriptionName: s.description }));
    }
  }
}
