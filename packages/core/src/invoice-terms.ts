import { GRACE_DAYS, graceEndOf } from './bill-rules';
import { addDays } from './dates';

// Payment terms of organizations billed by invoice (docs/decisions/030): an invoice is due its terms'
// days after its date, is mailed when issued, is reminded of before and after its due date, and its
// subscriptions stop only once it was mailed and the grace after its due date has passed.

/** The terms the operator may agree with an invoice customer: net 14 (the default), 30 or 60. */
export const PAYMENT_TERMS_DAYS = [14, 30, 60] as const;
export type PaymentTermsDays = (typeof PAYMENT_TERMS_DAYS)[number];
/** The terms of an organization nobody set them for: the 14 days invoices always had. */
export const DEFAULT_PAYMENT_TERMS_DAYS: PaymentTermsDays = 14;

export const isPaymentTermsDays = (n: unknown): n is PaymentTermsDays =>
  PAYMENT_TERMS_DAYS.includes(n as PaymentTermsDays);

/** The terms in words, as the console, the audit log and the mails say them ("net 30"). */
export const paymentTermsText = (days: number): string => `net ${days}`;

/** The refusal of terms that are not one of the three. */
export const PAYMENT_TERMS_MESSAGE = `Payment terms must be ${PAYMENT_TERMS_DAYS.map(paymentTermsText)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1')}`;

/**
 * When an invoice's subscriptions stop if it is still unpaid: the grace (docs/design.md §3) after its
 * due date, and never before it was mailed. One mailed after its due date (a mail held up, or one
 * issued before invoices were mailed) gets the whole grace from the day it was mailed, so no customer
 * is deactivated for an invoice they had no time to pay. Null while it has not been mailed.
 */
export const invoiceGraceEnd = (invoice: { dueDate: Date; sentAt: Date | null }): Date | null => {
  if (!invoice.sentAt) return null;
  const from = invoice.sentAt.getTime() > invoice.dueDate.getTime() ? invoice.sentAt : invoice.dueDate;
  return graceEndOf(from);
};

export type InvoiceReminderKind = 'invoice-due-soon' | 'invoice-overdue' | 'invoice-final-notice';

/**
 * The reminders of an unpaid invoice, each sent at most once: a few days before its due date, the day
 * after it, and a week after it. Each is sent from its day (`fromDays` after the due date) until the
 * next one's; a reminder whose day passed while nothing ran (a stopped server) is not sent late, and
 * none is sent for an invoice mailed after its day (the invoice itself says as much).
 */
export const INVOICE_REMINDERS: readonly {
  kind: InvoiceReminderKind;
  fromDays: number;
  untilDays: number;
}[] = [
  { kind: 'invoice-due-soon', fromDays: -3, untilDays: 0 },
  { kind: 'invoice-overdue', fromDays: 1, untilDays: 7 },
  { kind: 'invoice-final-notice', fromDays: 7, untilDays: GRACE_DAYS },
];

/** The reminder of an invoice due now, if any (the engine's claim asks the same of the database). */
export function invoiceReminderDue(
  invoice: { dueDate: Date; sentAt: Date | null },
  now: Date,
): InvoiceReminderKind | null {
  if (!invoice.sentAt) return null;
  for (const r of INVOICE_REMINDERS) {
    const from = addDays(invoice.dueDate, r.fromDays);
    const until = addDays(invoice.dueDate, r.untilDays);
    if (now >= from && now < until && invoice.sentAt <= from) return r.kind;
  }
  return null;
}
