import {
  billMention,
  DunningMessages,
  formatLongDate,
  formatUsd,
  GRACE_DAYS,
  type InvoiceReminderKind,
  PAY_BILLS_PATH,
} from '@store/core';
import type { MailMessage } from './mailer';
import { compose } from './templates';

// The billing notices (decision 018), each to an organization's admins through the outbox: a
// receipt for every paid bill (its invoice PDF attached), a reminder before a quarterly or annual
// renewal, a notice when a subscription is deactivated, a warning when the card on file expires
// before the next renewal; and the operator's alert when a customer disputes a charge.

export const billingInfoLink = (publicUrl: string) => `${publicUrl}/ModifyBillingInfo`;
/** The pay-now page (docs/decisions/042), where every dunning mail leads. */
export const payNowLink = (publicUrl: string) => `${publicUrl}${PAY_BILLS_PATH}`;

/**
 * A reminder that a declined bill is still unpaid, some days before its subscriptions are deactivated
 * (docs/decisions/042); it stops once the bill is paid.
 */
export function paymentReminderMail(a: {
  publicUrl: string;
  to: string;
  orderId: number;
  invoiceNumber: string | null;
  totalCents: number;
  dueDate: Date;
  reason: string | null;
}): MailMessage {
  const payBy = formatLongDate(a.dueDate);
  const bill = billMention(a);
  return compose(
    a.to,
    DunningMessages.reminderSubject(bill, payBy),
    [
      `We still could not charge your card for ${bill} (${formatUsd(a.totalCents)}).${a.reason ? ` Reason: ${a.reason}` : ''}`,
      `If it is still unpaid on ${payBy}, the subscription on it is deactivated and its license stops working. Pay it now with the card on file or a new card:`,
    ],
    { url: payNowLink(a.publicUrl), label: DunningMessages.payNow },
  );
}

export function receiptMail(a: {
  to: string;
  organizationId: number;
  orderId: number;
  invoiceNumber: string | null;
  totalCents: number;
  paidAt: Date;
}): MailMessage {
  const mail = compose(a.to, `Receipt for ${billMention(a)}`, [
    `Thank you: we received ${formatUsd(a.totalCents)} for ${billMention(a)} on ${formatLongDate(a.paidAt)}. The invoice is attached (invoice_${a.orderId}.pdf).`,
    'Billing History in the store lists all your bills and their invoices.',
  ]);
  return {
    ...mail,
    attachments: [{ kind: 'invoice', organizationId: a.organizationId, orderId: a.orderId }],
  };
}

/**
 * What an invoice's mails say of it (docs/decisions/030); `howToPay` is the seller's bank details. The
 * invoice number is the bill's one name (core's billName); the order number stays only in the
 * attachment's file name, which the spec fixes (invoice_{orderId}.pdf).
 */
interface InvoiceFacts {
  to: string;
  organizationId: number;
  orderId: number;
  invoiceNumber: string;
  totalCents: number;
  dueDate: Date;
  howToPay: string;
}

const invoiceAttached = (a: InvoiceFacts) => ({
  attachments: [{ kind: 'invoice' as const, organizationId: a.organizationId, orderId: a.orderId }],
});
const howToPay = (a: InvoiceFacts) =>
  `How to pay: ${a.howToPay}, quoting invoice ${a.invoiceNumber}. Billing History in the store lists all your bills and their invoices.`;

/**
 * An invoice as it is issued, its PDF attached: the amount, its number, the day it is due by its
 * payment terms and how to pay. One mailed after its due date (issued before invoices were mailed)
 * says by when it must be paid for the subscriptions to go on.
 */
export function invoiceMail(
  a: InvoiceFacts & { issuedOn: Date; sentAt: Date; graceEndsAt: Date },
): MailMessage {
  const due = formatLongDate(a.dueDate);
  const when =
    a.sentAt.getTime() > a.dueDate.getTime()
      ? `It was due on ${due}; please pay it by ${formatLongDate(a.graceEndsAt)}, after which the subscriptions on it are deactivated.`
      : `Please pay it by its due date, ${due}.`;
  const mail = compose(a.to, `Invoice ${a.invoiceNumber}: ${formatUsd(a.totalCents)} due ${due}`, [
    `Invoice ${a.invoiceNumber} of ${formatLongDate(a.issuedOn)} for ${formatUsd(a.totalCents)} is attached (invoice_${a.orderId}.pdf). ${when}`,
    howToPay(a),
  ]);
  return { ...mail, ...invoiceAttached(a) };
}

/**
 * A reminder of an unpaid invoice (docs/decisions/030), its PDF attached: before its due date, then
 * after it with the day its subscriptions are deactivated if it is still unpaid.
 */
export function invoiceReminderMail(
  a: InvoiceFacts & { kind: InvoiceReminderKind; graceEndsAt: Date },
): MailMessage {
  const due = formatLongDate(a.dueDate);
  const amount = formatUsd(a.totalCents);
  const late = `We have not received the ${amount} of invoice ${a.invoiceNumber}, due on ${due}. Please pay it by ${formatLongDate(a.graceEndsAt)}: after that day the subscriptions on it are deactivated. If you have paid it in the meantime, thank you, and please ignore this mail.`;
  const [subject, first] =
    a.kind === 'invoice-due-soon'
      ? [
          `Invoice ${a.invoiceNumber} is due on ${due}`,
          `A reminder: invoice ${a.invoiceNumber} for ${amount} is due on ${due}. If you have paid it already, thank you, and please ignore this mail.`,
        ]
      : a.kind === 'invoice-overdue'
        ? [`Invoice ${a.invoiceNumber} is past due`, late]
        : [`Final notice: invoice ${a.invoiceNumber} is past due`, `This is our last reminder. ${late}`];
  return { ...compose(a.to, subject, [first, howToPay(a)]), ...invoiceAttached(a) };
}

export function renewalReminderMail(a: {
  publicUrl: string;
  to: string;
  subscriptionName: string;
  cycle: string;
  renewsOn: Date;
  byInvoice: boolean;
}): MailMessage {
  const how = a.byInvoice
    ? 'we will issue an invoice for its next period'
    : 'we will charge your card on file';
  return compose(
    a.to,
    `${a.subscriptionName} renews on ${formatLongDate(a.renewsOn)}`,
    [
      `Your ${a.cycle.toLowerCase()} subscription ${a.subscriptionName} renews on ${formatLongDate(a.renewsOn)}: ${how}.`,
      'To change or cancel it before then, open the subscription in the store. To update the card:',
    ],
    a.byInvoice ? undefined : { url: billingInfoLink(a.publicUrl), label: 'Update billing information' },
  );
}

/**
 * TRIAL_REMINDER_DAYS before a free trial ends (docs/decisions/043): what happens then, charged or
 * ended, and the way to add a card when none is on file.
 */
export function trialEndingMail(a: {
  publicUrl: string;
  to: string;
  subscriptionName: string;
  endsOn: Date;
  /** "$29.00 per month": the first period's price, in the trial line's words. */
  afterTrial: string;
  /** How the first period will be paid: the card on file, an invoice, or nothing (the trial ends). */
  pays: 'card' | 'invoice' | 'none';
}): MailMessage {
  const hasCard = a.pays !== 'none';
  const what = {
    card: `we will then charge your card on file ${a.afterTrial}, starting with its first period.`,
    invoice: `we will then invoice its first period, ${a.afterTrial}.`,
    none: `with no card on file it will then end and its license will stop. Add a card to keep it, at ${a.afterTrial}:`,
  }[a.pays];
  return compose(
    a.to,
    `Your free trial of ${a.subscriptionName} ends on ${formatLongDate(a.endsOn)}`,
    [
      `The free trial of ${a.subscriptionName} ends on ${formatLongDate(a.endsOn)}: ${what}`,
      ...(hasCard ? ['To cancel it before then, open the subscription in the store.'] : []),
    ],
    hasCard ? undefined : { url: billingInfoLink(a.publicUrl), label: 'Add billing information' },
  );
}

/** An invoice customer's grace runs from the invoice's due date, not its date (docs/decisions/030). */
export function deactivatedMail(a: {
  to: string;
  subscriptionName: string;
  byInvoice: boolean;
}): MailMessage {
  const late = a.byInvoice
    ? `its invoice was not paid within ${GRACE_DAYS} days of its due date`
    : `its bill was not paid within ${GRACE_DAYS} days of the renewal date`;
  return compose(a.to, `${a.subscriptionName} was deactivated`, [
    `Your subscription ${a.subscriptionName} was deactivated because ${late}. Its license no longer validates.`,
    'To keep using the software, buy a new subscription in the store.',
  ]);
}

export function cardExpiringMail(a: {
  publicUrl: string;
  to: string;
  card: string;
  expires: string;
  renewsOn: Date;
}): MailMessage {
  return compose(
    a.to,
    'Your card expires before your next renewal',
    [
      `The card on file (${a.card}) expires at the end of ${a.expires}, before your next renewal on ${formatLongDate(a.renewsOn)}. Please add a new card so the renewal can be charged:`,
    ],
    { url: billingInfoLink(a.publicUrl), label: 'Update billing information' },
  );
}

export function disputeAlertMail(a: {
  to: string;
  orderId: number | null;
  invoiceNumber: string | null;
  organizationId: number | null;
  amountCents: number;
  reason: string;
  disputeId: string;
  chargeId: string;
}): MailMessage {
  const bill = a.orderId
    ? `${billMention({ orderId: a.orderId, invoiceNumber: a.invoiceNumber })} of organization ${a.organizationId}`
    : 'a charge with no bill here';
  return compose(a.to, `Dispute opened: ${formatUsd(a.amountCents)} on ${bill}`, [
    `A customer disputed ${formatUsd(a.amountCents)} (${a.reason}) on ${bill}: Stripe dispute ${a.disputeId}, charge ${a.chargeId}.`,
    "Answer it in Stripe's dashboard before its deadline, with the invoice and the license's usage as evidence.",
  ]);
}
