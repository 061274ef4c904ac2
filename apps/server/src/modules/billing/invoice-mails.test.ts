import { BillingMode, BillStatus } from '@store/core';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { useBillingMailApp } from '../../../test/support/billing-mail-app';
import { pdfText } from '../../../test/support/pdf-text';
import { queryRows } from '../../db/client';
import { orderLines, orders, organizations, persons, subscriptions } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { closeBill, recordBillPayment } from '../bills';
import { sendBillingNotices } from './billing-notices';

// Invoices by mail (docs/decisions/030): each invoice mailed with its PDF when issued, due its
// organization's payment terms after its date, reminded of before and after that day (once each,
// however many workers run), and its subscriptions deactivated only once it was mailed and the
// grace after its due date has passed. Mail is read from a real SMTP server and from the outbox.

const clock = new ManualClock('2026-01-01T12:00:00Z');
const app = useBillingMailApp(clock);
const { mailsTo } = app;
/** Two workers' notice runs at once, as two servers' schedulers would make them. */
const twoWorkersSendNotices = () => Promise.all([sendBillingNotices(app.deps), sendBillingNotices(app.deps)]);
const at = async (iso: string) => {
  clock.set(iso);
  await runBillingCycle(app.deps);
  await twoWorkersSendNotices();
};

/** An invoice customer with an annual subscription bought a year before `renewsOn`. */
async function invoiceCustomer(name: string, email: string, terms: number, renewsOn: string) {
  const org = await makeOrganization(app.t.db, { name, adminEmail: email, billedByInvoice: true });
  await app.t.db.update(organizations).set({ paymentTermsDays: terms }).where(eq(organizations.id, org.id));
  const purchasedAt = new Date(renewsOn);
  purchasedAt.setUTCFullYear(purchasedAt.getUTCFullYear() - 1);
  const sub = await makeSubscription(app.t.db, {
    organizationId: org.id,
    pricingPlanId: await planId(app.t.db, 'Pro Standard'),
    description: `${name} Annual`,
    billingMode: BillingMode.Annually,
    numberMachines: 1,
    purchasedAt,
  });
  return { org, sub };
}

const billOf = async (subscriptionId: number) => {
  const [row] = await app.t.db
    .select({ bill: orders })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orderLines.subscriptionId, subscriptionId), eq(orders.kind, 'renewal')));
  return row!.bill;
};
const isActive = async (subscriptionId: number) =>
  (await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0]!.isActive;

/** The PDF attached to a received mail, as text. */
const attachedPdfText = (raw: string) => {
  const part = raw.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p))!;
  const body = part.slice(part.search(/\r?\n\r?\n/)).replace(/\s+/g, '');
  return pdfText(Buffer.from(body, 'base64'));
};

describe('an invoice customer on net 30', () => {
  let net30: Awaited<ReturnType<typeof invoiceCustomer>>;
  let paid: Awaited<ReturnType<typeof invoiceCustomer>>;
  let voided: Awaited<ReturnType<typeof invoiceCustomer>>;
  let writtenOff: Awaited<ReturnType<typeof invoiceCustomer>>;
  const email = 'net30-admin@example.com';

  beforeAll(async () => {
    net30 = await invoiceCustomer('Net Thirty Co.', email, 30, '2026-02-05T10:00:00Z');
    paid = await invoiceCustomer('Prompt Payer Co.', 'prompt-admin@example.com', 14, '2026-02-05T10:00:00Z');
    voided = await invoiceCustomer('Voided Co.', 'void-admin@example.com', 30, '2026-02-05T10:00:00Z');
    writtenOff = await invoiceCustomer(
      'Written Off Co.',
      'off-admin@example.com',
      30,
      '2026-02-05T10:00:00Z',
    );
  });

  it('is mailed its invoice once when it is issued, with the PDF, the amount, the number and the due date', async () => {
    await at('2026-02-05T13:00:00Z');
    const bill = await billOf(net30.sub.id);
    expect(bill).toMatchObject({ status: BillStatus.OfflineInvoice });
    expect(bill.dueDate?.toISOString()).toBe('2026-03-07T10:00:00.000Z');
    expect(bill.graceEndsAt?.toISOString()).toBe('2026-03-21T10:00:00.000Z');
    const amount = `$${(bill.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Invoice ${bill.invoiceNumber}: ${amount} due March 07, 2026`,
    ]);
    const text = mails[0]!.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      `Invoice ${bill.invoiceNumber} of February 05, 2026 for ${amount} is attached (invoice_${bill.id}.pdf). Please pay it by its due date, March 07, 2026.`,
    );
    expect(text).toContain(`How to pay: Bank transfer: First Example Bank`);
    expect(text).toContain(`quoting invoice ${bill.invoiceNumber}.`);
    expect(mails[0]!.raw).toMatch(new RegExp(`Content-Type: application/pdf; name=invoice_${bill.id}\\.pdf`));
    const pdf = attachedPdfText(mails[0]!.raw);
    expect(pdf).toContain(bill.invoiceNumber!);
    expect(pdf.replace(/\s+/g, ' ')).toContain('Please pay by March 07, 2026');

    // The outbox keeps what re-draws the attachment when it is sent: the bill, not the bytes.
    const outbox = await queryRows<{ subject: string; attachments: unknown }>(
      app.t.db,
      sql`SELECT subject, attachments FROM outbox WHERE to_address = ${email}`,
    );
    expect(outbox).toEqual([
      {
        subject: mails[0]!.subject,
        attachments: [{ kind: 'invoice', organizationId: net30.org.id, orderId: bill.id }],
      },
    ]);
  });

  it('shows the due date of the invoice in Billing History', async () => {
    const [admin] = await app.t.db.select().from(persons).where(eq(persons.email, email));
    const history = await app.t.client(await app.t.deps.sessions.issue(admin!.id)).get('/api/order/history');
    const bill = await billOf(net30.sub.id);
    expect(history.body.find((b: { orderId: number }) => b.orderId === bill.id)).toMatchObject({
      dueDate: '2026-03-07T10:00:00.000Z',
    });
  });

  it('is reminded 3 days before the due date, the day after and a week after, once each', async () => {
    const paidBill = await billOf(paid.sub.id);
    await app.t.db.transaction((tx) => recordBillPayment(tx, clock.now(), paidBill.id, 'Wire 42'));
    const voidBill = await billOf(voided.sub.id);
    await app.t.db.transaction((tx) => closeBill(tx, voidBill.id, 'void', 'Billed in error'));
    const offBill = await billOf(writtenOff.sub.id);
    await app.t.db.transaction((tx) => closeBill(tx, offBill.id, 'writeOff', 'Customer gone'));
    const bill = await billOf(net30.sub.id);
    const reminders = async () => (await mailsTo(email)).slice(1).map((m) => m.subject);
    await at('2026-03-04T09:00:00Z');
    expect(await reminders()).toEqual([]);
    await at('2026-03-04T11:00:00Z');
    await at('2026-03-05T11:00:00Z');
    expect(await reminders()).toEqual([`Invoice ${bill.invoiceNumber} is due on March 07, 2026`]);
    await at('2026-03-08T11:00:00Z');
    await at('2026-03-09T11:00:00Z');
    await at('2026-03-14T11:00:00Z');
    await at('2026-03-15T11:00:00Z');
    const all = await mailsTo(email);
    // Mails sent close together may reach the SMTP server in either order.
    expect(
      all
        .slice(1)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(
      [
        `Invoice ${bill.invoiceNumber} is due on March 07, 2026`,
        `Invoice ${bill.invoiceNumber} is past due`,
        `Final notice: invoice ${bill.invoiceNumber} is past due`,
      ].sort(),
    );
    const pastDue = all.find((m) => m.subject === `Invoice ${bill.invoiceNumber} is past due`);
    expect(pastDue!.text.replace(/\s+/g, ' ')).toContain(
      `of invoice ${bill.invoiceNumber}, due on March 07, 2026. Please pay it by March 21, 2026: after that day the subscriptions on it are deactivated.`,
    );
    expect(all[3]!.raw).toMatch(/Content-Type: application\/pdf; name=invoice_\d+\.pdf/);
  });

  it('sends no reminder of an invoice once it is paid, voided or written off', async () => {
    const subjects = (await mailsTo('prompt-admin@example.com')).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toMatch(/^Invoice \d{4}-\d{6}: \$[\d,.]+ due February 19, 2026$/);
    expect(subjects[1]).toMatch(/^Receipt for bill \d{4}-\d{6}$/);
    for (const to of ['void-admin@example.com', 'off-admin@example.com']) {
      const mails = (await mailsTo(to)).map((m) => m.subject);
      expect(mails).toEqual([expect.stringMatching(/^Invoice \d{4}-\d{6}: \$[\d,.]+ due March 07, 2026$/)]);
    }
  });

  it('keeps the subscription until its terms and the grace have passed, then deactivates it', async () => {
    await at('2026-03-21T09:00:00Z');
    expect(await isActive(net30.sub.id)).toBe(true);
    expect((await billOf(net30.sub.id)).status).toBe(BillStatus.OfflineInvoice);
    await at('2026-03-21T11:00:00Z');
    expect(await isActive(net30.sub.id)).toBe(false);
    expect((await billOf(net30.sub.id)).status).toBe(BillStatus.UnPaid);
    const notice = (await mailsTo(email)).at(-1)!;
    expect(notice.subject).toBe('Net Thirty Co. Annual was deactivated');
    expect(notice.text.replace(/\s+/g, ' ')).toContain(
      'was deactivated because its invoice was not paid within 14 days of its due date.',
    );
    // Its invoice says so too, as Billing History's download draws it now.
    const [admin] = await app.t.db.select().from(persons).where(eq(persons.email, email));
    const bill = await billOf(net30.sub.id);
    const pdf = await app.t
      .client(await app.t.deps.sessions.issue(admin!.id))
      .get(`/api/order/invoice/${bill.id}`, { accept: 'application/pdf' });
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.raw.rawPayload).replace(/\s+/g, ' ')).toContain(
      'This bill was not paid within 14 days of its due date; the subscriptions on it were deactivated.',
    );
    expect(await isActive(paid.sub.id)).toBe(true);
    // A void invoice is owed by no one; one written off ends its subscriptions when its grace does.
    expect(await isActive(voided.sub.id)).toBe(true);
    expect(await isActive(writtenOff.sub.id)).toBe(false);
  });
});

describe('an invoice never mailed', () => {
  it('never deactivates its subscription; mailed late, it gives the whole grace from the mail', async () => {
    const late = await invoiceCustomer('Late Mail Co.', 'late-admin@example.com', 14, '2026-04-01T10:00:00Z');
    // Billed, but the notices (the invoice's mail) never ran: a month past its due date and grace.
    for (const day of ['2026-04-01', '2026-04-20', '2026-05-01']) {
      clock.set(`${day}T12:00:00Z`);
      await runBillingCycle(app.deps);
    }
    expect(await isActive(late.sub.id)).toBe(true);
    const bill = await billOf(late.sub.id);
    expect(bill).toMatchObject({ status: BillStatus.OfflineInvoice, invoiceSentAt: null, graceEndsAt: null });
    expect(bill.dueDate?.toISOString()).toBe('2026-04-15T10:00:00.000Z');

    await twoWorkersSendNotices();
    const [mail, ...more] = await mailsTo('late-admin@example.com');
    expect(more).toEqual([]);
    expect(mail!.text.replace(/\s+/g, ' ')).toContain(
      'It was due on April 15, 2026; please pay it by May 15, 2026, after which the subscriptions on it are deactivated.',
    );
    await at('2026-05-15T11:00:00Z');
    expect(await isActive(late.sub.id)).toBe(true);
    await at('2026-05-15T12:00:01Z');
    expect(await isActive(late.sub.id)).toBe(false);
  });
});
