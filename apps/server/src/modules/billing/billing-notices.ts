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
import type { DbOrTx, Tx } from '../../db/client';
import {
  cardExpiringMail,
  deactivatedMail,
  paymentReminderMail,
  renewalReminderMail,
  trialEndingMail,
} from '../../mail/billing-mails';
import type { MailMessage } from '../../mail/mailer';
import { enqueueMails } from '../../mail/outbox';
import type { BillingDeps } from '../bills';
import { billingContactsOf, mailIssuedInvoices, readDunningSettings, remindUnpaidInvoices } from '../bills';
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
  const reminders = await sendClaimed(
    deps,
    (tx, now) => claimRenewalReminders(tx, now, RENEWAL_REMINDER_DAYS * DAY_MS, BATCH),
    (s) => s.organization_id,
    (s, to) =>
      renewalReminderMail({
        publicUrl,
        to,
        subscriptionName: s.description,
        cycle: cycleName(Number(s.billing_mode)),
        renewsOn: asDate(s.renews),
        byInvoice: s.by_invoice,
      }),
  );
  const cardWarnings = await sendClaimed(
    deps,
    (tx, now) => claimCardExpiryWarnings(tx, now, CARD_EXPIRY_NOTICE_DAYS * DAY_MS, BATCH),
    (o) => o.id,
    (o, to) =>
      cardExpiringMail({
        publicUrl,
        to,
        card: `${cardBrandName(toCardBrand(o.brand))} ending in ${o.last4}`,
        expires: `${String(o.exp_month).padStart(2, '0')}/${o.exp_year}`,
        renewsOn: asDate(o.renews),
      }),
  );
  const paymentReminders = await sendPaymentReminders(deps, publicUrl);
  const trialEndings = await sendTrialEndings(deps, publicUrl);
  return { invoices, invoiceReminders, reminders, cardWarnings, paymentReminders, trialEndings };
}

/**
 * Claims a kind of notice a batch at a time until none is left, each batch in one transaction with
 * its mails to the organizations' admins: a notice is recorded exactly when its mails are written.
 * Each claim leaves out what is recorded already, so a batch recorded by an earlier pass or another
 * process never hides the rows after it.
 */
async function sendClaimed<Row>(
  deps: Pick<BillingDeps, 'db' | 'clock'>,
  claim: (tx: Tx, now: Date) => Promise<Row[]>,
  organizationOf: (row: Row) => number,
  mailOf: (row: Row, to: string) => MailMessage,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await claim(tx, deps.clock.now());
      await enqueueNotices(tx, due, organizationOf, mailOf);
      return due.length;
    });
    sent += n;
    if (n < BATCH) return sent;
  }
}

/** Each row's mail to each admin of its organization, in two statements whatever the rows. */
async function enqueueNotices<Row>(
  tx: DbOrTx,
  rows: Row[],
  organizationOf: (row: Row) => number,
  mailOf: (row: Row, to: string) => MailMessage,
): Promise<void> {
  if (rows.length === 0) return;
  const contacts = await billingContactsOf(
    tx,
    rows.map((r) => Number(organizationOf(r))),
  );
  await enqueueMails(
    tx,
    rows.flatMap((row) => (contacts.get(Number(organizationOf(row))) ?? []).map((to) => mailOf(row, to))),
  );
}

/** TRIAL_REMINDER_DAYS before a free trial ends, its admins are told what happens then (docs/decisions/043). */
const sendTrialEndings = (deps: Pick<BillingDeps, 'db' | 'clock'>, publicUrl: string) =>
  sendClaimed(
    deps,
    (tx, now) => claimTrialEndings(tx, now, TRIAL_REMINDER_DAYS * DAY_MS, BATCH),
    (s) => s.organization_id,
    (s, to) => {
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
      return trialEndingMail({
        publicUrl,
        to,
        subscriptionName: s.description,
        endsOn: asDate(s.renews),
        afterTrial: `${formatUsd(cents)} per ${billingCycle(Number(s.billing_mode)).displayPeriod}`,
        pays: s.by_invoice ? 'invoice' : s.has_card ? 'card' : 'none',
      });
    },
  );

/** Dunning's reminders before the deactivation, on the days the operator chose (docs/decisions/042). */
async function sendPaymentReminders(deps: Pick<BillingDeps, 'db' | 'clock'>, publicUrl: string) {
  const { remindDaysBefore } = await readDunningSettings(deps.db);
  if (remindDaysBefore.length === 0) return 0;
  return sendClaimed(
    deps,
    (tx, now) => claimPaymentReminders(tx, now, remindDaysBefore, BATCH),
    (b) => b.organization_id,
    (b, to) =>
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

/** In the transaction that deactivates subscriptions for an unpaid bill: their admins are told. */
export async function enqueueDeactivationNotices(tx: DbOrTx, subscriptionIds: number[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await enqueueNotices(
    tx,
    await subscriptionsNamed(tx, subscriptionIds),
    (s) => s.organization_id,
    (s, to) => deactivatedMail({ to, subscriptionName: s.description, byInvoice: s.by_invoice }),
  );
}
