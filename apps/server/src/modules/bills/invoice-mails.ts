import { INVOICE_REMINDERS, invoiceGraceEnd, invoiceReminderDue } from '@store/core';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { invoiceMail, invoiceReminderMail } from '../../mail/billing-mails';
import { enqueueMails } from '../../mail/outbox';
import { adminEmailsOf } from './bill-batches.repository';
import { SELLER_CONTACT } from './document-pdf';
import {
  claimUnsentInvoices,
  markInvoicesSent,
  openMailedInvoices,
  recordReminders,
} from './invoice-mails.repository';

const BATCH = 100;

// Invoices by mail (docs/decisions/030): each issued invoice mailed with its PDF, then reminded of
// before and after its due date until it is paid, voided or written off.

/**
 * Mails each issued invoice to its organization's admins, its PDF attached (docs/decisions/030), and
 * records it as mailed with the end of its grace (core's invoiceGraceEnd) in the same transaction:
 * an invoice's subscriptions can only be deactivated once it was mailed. Run by the scheduler after
 * each billing cycle, so renewals, overage and checkouts by invoice are all mailed the same way.
 */
export async function mailIssuedInvoices(deps: { db: Db; clock: Clock }): Promise<number> {
  let mailed = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const invoices = await claimUnsentInvoices(tx, BATCH);
      if (invoices.length === 0) return 0;
      const now = deps.clock.now();
      const admins = await adminEmailsOf(
        tx,
        invoices.map((i) => i.organizationId),
      );
      const sent = invoices.map((i) => ({
        ...i,
        sentAt: now,
        graceEndsAt: invoiceGraceEnd({ ...i, sentAt: now })!,
      }));
      await markInvoicesSent(tx, sent);
      await enqueueMails(
        tx,
        sent.flatMap((i) =>
          (admins.get(i.organizationId) ?? []).map((to) =>
            invoiceMail({ ...i, to, orderId: i.id, issuedOn: i.billingDate, howToPay: SELLER_CONTACT.bank }),
          ),
        ),
      );
      return invoices.length;
    });
    mailed += n;
    if (n < BATCH) return mailed;
  }
}

/**
 * Sends the reminders of unpaid invoices now due (core's invoiceReminderDue), each recorded in
 * invoice_reminders with its mails in one transaction, so it goes out once however many processes
 * run. Paid, void and written-off invoices are not open, so they get none.
 */
export async function remindUnpaidInvoices(deps: { db: Db; clock: Clock }): Promise<number> {
  const fromDays = Math.min(...INVOICE_REMINDERS.map((r) => r.fromDays));
  const untilDays = Math.max(...INVOICE_REMINDERS.map((r) => r.untilDays));
  let reminded = 0;
  let afterId = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const invoices = await openMailedInvoices(tx, { now, fromDays, untilDays, afterId, limit: BATCH });
      const due = invoices.flatMap((i) => {
        const kind = invoiceReminderDue(i, now);
        return kind ? [{ orderId: i.id, kind }] : [];
      });
      const recorded = await recordReminders(tx, due, now);
      const byId = new Map(invoices.map((i) => [i.id, i]));
      const admins = await adminEmailsOf(
        tx,
        recorded.map((r) => byId.get(r.orderId)!.organizationId),
      );
      await enqueueMails(
        tx,
        recorded.flatMap((r) => {
          const i = byId.get(r.orderId)!;
          return (admins.get(i.organizationId) ?? []).map((to) =>
            invoiceReminderMail({
              ...i,
              to,
              orderId: i.id,
              kind: r.kind,
              howToPay: SELLER_CONTACT.bank,
            }),
          );
        }),
      );
      return { read: invoices.length, sent: recorded.length, lastId: invoices.at(-1)?.id ?? afterId };
    });
    reminded += batch.sent;
    if (batch.read < BATCH) return reminded;
    afterId = batch.lastId;
  }
}
