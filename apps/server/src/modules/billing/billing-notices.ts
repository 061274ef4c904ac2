import {
  BillingMode,
  billingCycle,
  CARD_EXPIRY_NOTICE_DAYS,
  cardBrandName,
  formatUsd,
  pricePerCycleCents,
  TRIAL_REMINDER_DAYS,
  toCardBrand,
} from '@store/core';
import type { DbOrTx } from '../../db/client';
import {
  cardExpiringMail,
  deactivatedMail,
  paymentReminderMail,
  renewalReminderMail,
  trialEndingMail,
} from '../../mail/billing-mails';
import { enqueueMail } from '../../mail/outbox';
import type { BillingDeps } from '../bills';
import { billingContacts, mailIssuedInvoices, readDunningSettings, remindUnpaidInvoices } from '../bills';
import {
  claimCardExpiryWarnings,
  claimPaymentReminders,
  claimRenewalReminders,
  claimTrialEndings,
  subscriptionsNamed,
} from './billing-notices.repository';

// The billing notices that are not a payment's (decision 018): a reminder 7 days before a quarterly
// or annual renewal, a warning 14 days ahead when the card on file expires before a renewal, dunning's
// reminders before a past-due bill's deactivation (decision 042), a notice when a subscription is
// deactivated. Each is recorded in billing_notices with its mails, in one
// transaction, so it goes out once.

const DAY_MS = 86_400_000;
export const RENEWAL_REMINDER_DAYS = 7;
const BATCH = 100;

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const cycleName = (mode: number) => (mode === BillingMode.Annually ? 'Annual' : 'Quarterly');

/**
 * Mails the invoices just issued, then sends the reminders and warnings now due; run by the
 * scheduler after each billing cycle.
 */
export async function sendBillingNotices(deps: Pick<BillingDeps, 'db' | 'clock' | 'publicUrl'>) {
  const publicUrl = deps.publicUrl ?? '';
  const invoices = await mailIssuedInvoices(deps);
  const invoiceReminders = await remindUnpaidInvoices(deps);
  let reminders = 0;
  let cardWarnings = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const due = await claimRenewalReminders(tx, now, RENEWAL_REMINDER_DAYS * DAY_MS, BATCH);
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
      const due = await claimCardExpiryWarnings(tx, now, CARD_EXPIRY_NOTICE_DAYS * DAY_MS, BATCH);
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
  const paymentReminders = await sendPaymentReminders(deps, publicUrl);
  const trialEndings = await sendTrialEndings(deps, publicUrl);
  return { invoices, invoiceReminders, reminders, cardWarnings, paymentReminders, trialEndings };
}

/** TRIAL_REMINDER_DAYS before a free trial ends, its admins are told what happens then (docs/decisions/043). */
async function sendTrialEndings(deps: Pick<BillingDeps, 'db' | 'clock'>, publicUrl: string) {
  let sent = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await claimTrialEndings(tx, deps.clock.now(), TRIAL_REMINDER_DAYS * DAY_MS, BATCH);
      for (const s of due) {
        const cents = pricePerCycleCents({
          plan: {
            product: Number(s.product),
            monthlyFeeCents: Number(s.monthly_fee_cents),
            xtraAutoTagPerMonthCents: Number(s.xtra_auto_tag_per_month_cents),
          },
          numberMachines: Number(s.number_machines),
          xtraAutoTags: Number(s.xtra_auto_tags),
          billingMode: Number(s.billing_mode),
          cycleDiscountBp: Number(s.billing_mode_discount_bp),
          orgDiscountBp: Number(s.discount_bp),
        });
        for (const to of await billingContacts(tx, s.organization_id)) {
          await enqueueMail(
            tx,
            trialEndingMail({
              publicUrl,
              to,
              subscriptionName: s.description,
              endsOn: asDate(s.renews),
              afterTrial: `${formatUsd(cents)} per ${billingCycle(Number(s.billing_mode)).displayPeriod}`,
              pays: s.by_invoice ? 'invoice' : s.has_card ? 'card' : 'none',
            }),
          );
        }
      }
      return due.length;
    });
    sent += n;
    if (n < BATCH) return sent;
  }
}

/** Dunning's reminders before the deactivation, on the days the operator chose (docs/decisions/042). */
async function sendPaymentReminders(deps: Pick<BillingDeps, 'db' | 'clock'>, publicUrl: string) {
  const { remindDaysBefore } = await readDunningSettings(deps.db);
  if (remindDaysBefore.length === 0) return 0;
  let sent = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await claimPaymentReminders(tx, deps.clock.now(), remindDaysBefore, BATCH);
      for (const b of due) {
        for (const to of await billingContacts(tx, b.organization_id)) {
          await enqueueMail(
            tx,
            paymentReminderMail({
              publicUrl,
              to,
              orderId: Number(b.id),
              invoiceNumber: b.invoice_number,
              totalCents: Number(b.total_cents),
              dueDate: asDate(b.due_date),
              // Recorded as `code: message` (recordOutcomes); the customer reads the message.
              reason: b.failure_message?.replace(/^[a-z_]+: /, '') ?? null,
            }),
          );
        }
      }
      return due.length;
    });
    sent += n;
    if (n < BATCH) return sent;
  }
}

/** In the transaction that deactivates subscriptions for an unpaid bill: their admins are told. */
export async function enqueueDeactivationNotices(tx: DbOrTx, subscriptionIds: number[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  const subs = await subscriptionsNamed(tx, subscriptionIds);
  for (const s of subs) {
    for (const to of await billingContacts(tx, s.organization_id)) {
      await enqueueMail(
        tx,
        deactivatedMail({ to, subscriptionName: s.description, byInvoice: s.by_invoice }),
      );
    }
  }
}
