import { BillStatus, OpsMessages } from '@store/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOperator } from '../../../test/support/operator';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orders, organizations, subscriptions } from '../../db/schema';
import { DEMO_COMPANY, PERPETUAL_COMPANY } from '../../seed/organizations';

// Money leaves a trace (docs/decisions/017): what the operator does to money in the console is in the
// audit log, named by the operator, with values in the screens' words, never in codes.

let t: TestApp;
let op: Awaited<ReturnType<typeof loginOperator>>;
let demoId: number;

const OLIVIA = { kind: 'operator', name: 'Olivia Operator' };

/** The newest entry of a kind, as the operator reads the log. */
async function latest(kind: string, organizationId?: number) {
  const query = `kind=${kind}${organizationId ? `&organizationId=${organizationId}` : ''}`;
  const res = await op.get(`/api/ops/audit?${query}`);
  expect(res.status).toBe(200);
  return res.body.items[0];
}

const orgNamed = async (name: string) =>
  (await t.db.select().from(organizations).where(eq(organizations.companyName, name)))[0]!.id;

async function openInvoice(organizationId: number, totalCents: number) {
  const [bill] = await t.db
    .insert(orders)
    .values({
      organizationId,
      kind: 'renewal',
      status: BillStatus.OfflineInvoice,
      totalCents,
      billingDate: t.clock.now(),
      dueDate: t.clock.now(),
    })
    .returning();
  return bill!;
}

beforeAll(async () => {
  t = await createTestApp();
  op = await loginOperator(t);
  demoId = await orgNamed(DEMO_COMPANY);
});
afterAll(() => t?.close());

describe('the audit trail of money', () => {
  it('logs a card refund with the operator, its amount and its outcome; refuses more than is left without cutting it', async () => {
    const [bill] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.organizationId, demoId), eq(orders.status, BillStatus.ChargePaid)))
      .limit(1);
    const url = `/api/ops/bills/${bill!.id}/refunds`;
    const tooMuch = await op.post(url, { amount: (bill!.totalCents + 1) / 100, reason: 'Typo' });
    expect(tooMuch.status).toBe(400);
    expect(bill!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(tooMuch.body.message).toContain(`is more than bill ${bill!.invoiceNumber} has left to refund`);
    const refund = await op.post(url, { amount: 10, reason: 'Goodwill' });
    expect(refund.status).toBe(200);
    expect(refund.body.refund.amount).toBe(10);
    const made = await latest('refund.created', demoId);
    expect(made).toMatchObject({ actor: OLIVIA, subject: `Refund of bill ${bill!.invoiceNumber}` });
    expect(made.summary).toBe(
      `Refund of bill ${bill!.invoiceNumber}: Refund Amount '$10.00'; Reason 'Goodwill'; End The Subscription 'No'; Status 'started'`,
    );
    const settled = await latest('refund.updated', demoId);
    expect(settled.actor).toMatchObject(OLIVIA);
    expect(settled.summary).toBe(
      `Refund of bill ${bill!.invoiceNumber}: Status 'started' → 'succeeded'; Credit Note '—' → '${refund.body.refund.creditNoteNumber}'`,
    );
  });

  it('logs an invoice marked paid with its payment reference, and its refund with how the money went back', async () => {
    const perpetualId = await orgNamed(PERPETUAL_COMPANY);
    const invoice = await openInvoice(perpetualId, 7873);
    expect(invoice.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(
      (await op.post(`/api/ops/bills/${invoice.id}/mark-paid`, { reference: 'Cheque 1042' })).status,
    ).toBe(200);
    const paid = await latest('bill.updated', perpetualId);
    expect(paid.actor).toMatchObject(OLIVIA);
    expect(paid.summary).toMatch(
      new RegExp(
        `^Bill ${invoice.invoiceNumber}: Status 'Invoiced' → 'Paid'; .*Payment Reference '—' → 'Cheque 1042'`,
      ),
    );
    expect(paid.summary).not.toMatch(/\b51[36]\b/);

    const refund = await op.post(`/api/ops/bills/${invoice.id}/refunds`, {
      amount: 78.73,
      reason: 'Cancelled order',
      offlineMethod: 'Transfer 77-1',
    });
    expect(refund.status).toBe(200);
    const made = await latest('refund.created', perpetualId);
    expect(made.actor).toMatchObject(OLIVIA);
    expect(made.summary).toBe(
      `Refund of bill ${invoice.invoiceNumber}: Refund Amount '$78.73'; Reason 'Cancelled order'; How The Money Went Back 'Transfer 77-1'; End The Subscription 'No'; Status 'succeeded'; Credit Note '${refund.body.refund.creditNoteNumber}'`,
    );
  });

  it('logs a tax / VAT id change and a new administrator in words', async () => {
    const terms = {
      discount: 0.05,
      allowMonthly: true,
      perpetualAccount: false,
      invoiceTerms: false,
      parentOrganizationId: null,
      taxId: 'DE 123456789',
    };
    expect((await op.put(`/api/ops/organizations/${demoId}/terms`, terms)).status).toBe(200);
    const changed = await latest('organization.updated', demoId);
    expect(changed.actor).toMatchObject(OLIVIA);
    expect(changed.summary).toMatch(/Tax \/ VAT ID '.*' → 'DE 123456789'$/);

    const users = (await op.get(`/api/ops/organizations/${demoId}`)).body.users as Array<{
      personId: number;
      rights: number;
      firstName: string;
    }>;
    const user = users.find((u) => u.rights === 1)!;
    expect(
      (await op.post(`/api/ops/organizations/${demoId}/admins`, { personId: user.personId })).status,
    ).toBe(200);
    const promoted = await latest('person.updated', demoId);
    expect(promoted.actor).toMatchObject(OLIVIA);
    expect(promoted.summary).toMatch(/: Rights 'User' → 'User, Administrator'$/);
  });

  it('logs a billing run the operator started even when it found nothing', async () => {
    // The first run may find work the seed left due; the second finds nothing.
    expect((await op.post('/api/ops/billing-runs', {})).status).toBe(200);
    const idle = await op.post('/api/ops/billing-runs', {});
    expect(idle.status).toBe(200);
    const entry = await latest('billing-run');
    expect(entry).toMatchObject({ actor: OLIVIA, organizationId: null, summary: OpsMessages.idleRun });
  });

  it("counts in a run's Deactivated only subscriptions deactivated for an unpaid bill, not a cancellation reaching its date", async () => {
    const [cancelled] = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.organizationId, demoId), eq(subscriptions.isActive, true)))
      .limit(1);
    await t.db
      .update(subscriptions)
      .set({ deactivateDate: new Date(t.clock.now().getTime() - 60_000) })
      .where(eq(subscriptions.id, cancelled!.id));
    const run = await op.post('/api/ops/billing-runs', {});
    expect(run.status).toBe(200);
    expect(run.body.deactivated).toBe(0);
    const [ended] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, cancelled!.id));
    expect(ended!.isActive).toBe(false);
  });
});
