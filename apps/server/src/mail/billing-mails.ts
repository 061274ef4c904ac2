import { formatLongDate, formatUsd, GRACE_DAYS } from '@store/core';
import type { MailMessage } from './mailer';
import { compose } from './templates';

// The billing notices (decision 018), each to an organization's admins through the outbox: a
// receipt for every paid bill (its invoice PDF attached), a reminder before a quarterly or annual
// renewal, a notice when a subscription is deactivated, a warning when the card on file expires
// before the next renewal; and the operator's alert when a customer disputes a charge.

export const billingInfoLink = (publicUrl: string) => `${publicUrl}/ModifyBillingInfo`;

export function receiptMail(a: {
  to: string;
  organizationId: number;
  orderId: number;
  totalCents: number;
  paidAt: Date;
}): MailMessage {
  const mail = compose(a.to, `Receipt for bill #${a.orderId}`, [
    `Thank you: we received ${formatUsd(a.totalCents)} for bill #${a.orderId} on ${formatLongDate(a.paidAt)}. The invoice is attached (invoice_${a.orderId}.pdf).`,
    'Billing History in the store lists all your bills and their invoices.',
  ]);
  return {
    ...mail,
    attachments: [{ kind: 'invoice', organizationId: a.organizationId, orderId: a.orderId }],
  };
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

export function deactivatedMail(a: { to: string; subscriptionName: string }): MailMessage {
  return compose(a.to, `${a.subscriptionName} was deactivated`, [
    `Your subscription ${a.subscriptionName} was deactivated because its bill was not paid within ${GRACE_DAYS} days of the renewal date. Its license no longer validates.`,
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
  organizationId: number | null;
  amountCents: number;
  reason: string;
  disputeId: string;
  chargeId: string;
}): MailMessage {
  const bill = a.orderId
    ? `bill #${a.orderId} of organization ${a.organizationId}`
    : 'a charge with no bill here';
  return compose(a.to, `Dispute opened: ${formatUsd(a.amountCents)} on ${bill}`, [
    `A customer disputed ${formatUsd(a.amountCents)} (${a.reason}) on ${bill}: Stripe dispute ${a.disputeId}, charge ${a.chargeId}.`,
    "Answer it in Stripe's dashboard before its deadline, with the invoice and the license's usage as evidence.",
  ]);
}
