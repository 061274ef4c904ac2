import { BillStatus } from '@store/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBill } from '../../../test/support/bills';
import { loginOperator } from '../../../test/support/operator';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orders, organizations, paymentAttempts, refunds, subscriptions } from '../../db/schema';
import { PERPETUAL_COMPANY } from '../../seed/organizations';

// The console's oversight (docs/decisions/032): the audit log filtered and exported, reconcile while
// the server runs, search by a bill's or a card's numbers, bills filtered, paged and exported.

let t: TestApp;
let op: Awaited<ReturnType<typeof loginOperator>>;
let demoId: number;
let perpetualId: number;

const idsOf = (body: { items: Array<{ organizationId: number }> }) => body.items.map((o) => o.organizationId);
const csvLines = (text: string) => text.trimEnd().split('\r\n');

beforeAll(async () => {
  t = await createTestApp();
  op = await loginOperator(t);
  const all = await t.db.select().from(organizations);
  demoId = all.find((o) => o.companyName === 'Demo Documents Inc.')!.id;
  perpetualId = all.find((o) => o.companyName === PERPETUAL_COMPANY)!.id;
});
afterAll(() => t?.close());

describe('the audit log in the console', () => {
  it('filters by organization, who acted, kind of change and dates, a page at a time', async () => {
    const terms = { discount: 0.1, allowMonthly: true, perpetualAccount: true, invoiceTerms: false };
    const set = await op.put(`/api/ops/organizations/${perpetualId}/terms`, {
      ...terms,
      parentOrganizationId: null,
    });
    expect(set.status).toBe(200);
    const today = t.clock.now().toISOString().slice(0, 10);

    const mine = await op.get(
      `/api/ops/audit?organizationId=${perpetualId}&actorKind=operator&kind=organization.updated&from=${today}&to=${today}`,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    expect(mine.body.items[0]).toMatchObject({
      organizationId: perpetualId,
      organizationName: PERPETUAL_COMPANY,
      actor: { kind: 'operator' },
      kind: 'organization.updated',
    });
    expect(mine.body.items[0].summary).toContain('Discount');

    const byStore = await op.get(
      `/api/ops/audit?organizationId=${perpetualId}&actorKind=system&kind=organization.updated`,
    );
    expect(byStore.body.total).toBe(0);
    const yesterday = await op.get(`/api/ops/audit?organizationId=${perpetualId}&to=2000-01-01`);
    expect(yesterday.body.total).toBe(0);

    const bad = await op.get('/api/ops/audit?actorKind=robot');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('actorKind must be person, operator, system or api-token');
  });

  it('exports the filtered log as CSV, in words, and only to an operator', async () => {
    const res = await op.get(`/api/ops/audit.csv?organizationId=${perpetualId}&actorKind=operator`);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.raw.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = csvLines(res.raw.body);
    expect(lines[0]).toBe('When (UTC),Organization id,Organization,Who,Address,What,Subject,Summary');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain(`,${perpetualId},`);
    expect(lines[1]).toContain('Organization changed');

    const customer = await t.loginDemo();
    expect((await customer.get('/api/ops/audit.csv')).status).toBe(404);
  });
});

describe('reconcile in the console', () => {
  it('lists each difference with its bill, to an operator only', async () => {
    const before = await op.get('/api/ops/reconcile');
    expect(before.status).toBe(200);
    expect(before.body.differences).toEqual([]);

    // A card bill marked paid that the gateway never charged.
    const orderId = await makeBill(t.db, {
      organizationId: demoId,
      subscriptionId: null,
      kind: 'overage',
      status: BillStatus.ChargePaid,
      totalCents: 1234,
      billingDate: t.clock.now(),
      paidAt: t.clock.now(),
    });
    const [bill] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const res = await op.get('/api/ops/reconcile');
    expect(res.body.differences).toEqual([
      {
        text: `Bill ${bill!.invoiceNumber} is paid ($12.34) but the gateway has no charge for it.`,
        orderId,
        billName: bill!.invoiceNumber,
      },
    ]);
    expect(bill!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);

    const later = await op.get('/api/ops/reconcile?since=2999-01-01');
    expect(later.body.since).toBe('2999-01-01T00:00:00.000Z');
    expect(later.body.differences).toEqual([]);
    const bad = await op.get('/api/ops/reconcile?since=yesterday');
    expect(bad.status).toBe(400);

    const customer = await t.loginDemo();
    expect((await customer.get('/api/ops/reconcile')).status).toBe(404);
    await t.db.delete(orders).where(eq(orders.id, orderId));
  });
});

describe('search by the numbers an operator is given', () => {
  it('finds the organization by invoice number, credit-note number, charge id, last four and subscription name', async () => {
    const [invoice] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.organizationId, demoId), isNotNull(orders.invoiceNumber)));
    const byInvoice = await op.get(`/api/ops/organizations?q=${invoice!.invoiceNumber}`);
    expect(idsOf(byInvoice.body)).toEqual([demoId]);

    const [charge] = await t.db
      .select({ id: paymentAttempts.gatewayChargeId })
      .from(paymentAttempts)
      .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
      .where(and(eq(orders.organizationId, demoId), isNotNull(paymentAttempts.gatewayChargeId)));
    const byCharge = await op.get(`/api/ops/organizations?q=${encodeURIComponent(charge!.id!)}`);
    expect(idsOf(byCharge.body)).toEqual([demoId]);

    const byLastFour = await op.get('/api/ops/organizations?q=4242');
    expect(idsOf(byLastFour.body)).toContain(demoId);
    const noFour = await op.get('/api/ops/organizations?q=0000');
    expect(noFour.body.total).toBe(0);

    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.organizationId, demoId));
    await t.db
      .update(subscriptions)
      .set({ description: 'Harbour scanning line' })
      .where(eq(subscriptions.id, sub!.id));
    const byName = await op.get('/api/ops/organizations?q=harbour%20scanning');
    expect(idsOf(byName.body)).toEqual([demoId]);

    // A refund by invoice, recorded as the refunds module records one: its credit note is numbered then.
    const paid = await makeBill(t.db, {
      organizationId: perpetualId,
      subscriptionId: null,
      kind: 'overage',
      status: BillStatus.OfflinePaid,
      totalCents: 500,
      billingDate: t.clock.now(),
      paidAt: t.clock.now(),
    });
    const [note] = await t.db
      .insert(refunds)
      .values({
        orderId: paid,
        organizationId: perpetualId,
        amountCents: 100,
        reason: 'Goodwill',
        offlineMethod: 'Bank transfer',
        status: 'succeeded',
        createdAt: t.clock.now(),
        refundedAt: t.clock.now(),
      })
      .returning();
    expect(note!.creditNoteNumber).toMatch(/^\d{4}-\d{6}$/);
    const byCreditNote = await op.get(`/api/ops/organizations?q=${note!.creditNoteNumber}`);
    expect(idsOf(byCreditNote.body)).toEqual([perpetualId]);
  });
});

describe('bills filtered, paged and exported', () => {
  let orgId: number;
  beforeAll(async () => {
    const [org] = await t.db.insert(organizations).values({ companyName: 'Paging Test Ltd' }).returning();
    orgId = org!.id;
    for (let i = 0; i < 60; i++) {
      await makeBill(t.db, {
        organizationId: orgId,
        subscriptionId: null,
        kind: 'overage',
        status: i < 5 ? BillStatus.ChargePastDue : BillStatus.OfflinePaid,
        totalCents: 1000 + i,
        // One a day from the first of March 2026.
        billingDate: new Date(Date.UTC(2026, 2, 1 + i)),
        dueDate: new Date(Date.UTC(2026, 2, 15 + i)),
      });
    }
  });

  it("pages an organization's bills beyond 50", async () => {
    const third = await op.get(`/api/ops/bills?filter=all&organizationId=${orgId}&page=3`);
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ page: 3, pageSize: 25, total: 60 });
    expect(third.body.items).toHaveLength(10);
    // Newest first: the third page ends with the first bill.
    expect(third.body.items.at(-1).billDate).toBe('2026-03-01T00:00:00.000Z');
    expect(third.body.items.every((b: { organizationId: number }) => b.organizationId === orgId)).toBe(true);
  });

  it('filters by status and by bill date', async () => {
    const pastDue = await op.get(`/api/ops/bills?filter=all&organizationId=${orgId}&status=past-due`);
    expect(pastDue.body.total).toBe(5);
    expect(pastDue.body.items.every((b: { status: string }) => b.status === 'Past Due')).toBe(true);
    const march = await op.get(
      `/api/ops/bills?filter=all&organizationId=${orgId}&from=2026-03-10&to=2026-03-19`,
    );
    expect(march.body.total).toBe(10);
    const reversed = await op.get('/api/ops/bills?filter=all&from=2026-03-19&to=2026-03-10');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toContain('from must not be after to');
    const unknown = await op.get('/api/ops/bills?status=late');
    expect(unknown.status).toBe(400);
  });

  it('exports the filtered bills as CSV', async () => {
    const res = await op.get(`/api/ops/bills.csv?filter=all&organizationId=${orgId}&status=past-due`);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-disposition']).toBe('attachment; filename="bills.csv"');
    const lines = csvLines(res.raw.body);
    expect(lines[0]).toBe(
      'Bill,Order id,Organization id,Organization,Kind,Status,Bill date,Due date,Total (USD)',
    );
    expect(lines).toHaveLength(6);
    // Every bill newest first: the fifth of March's is the newest past due.
    expect(lines[1]).toMatch(
      new RegExp(`^Order \\d+,\\d+,${orgId},Paging Test Ltd,overage,Past Due,2026-03-05,2026-03-19,10.04$`),
    );
    const customer = await t.loginDemo();
    expect((await customer.get('/api/ops/bills.csv')).status).toBe(404);
  });

  it('says first what the organization stands at: standing, MRR, card and open balance', async () => {
    const paging = await op.get(`/api/ops/organizations/${orgId}`);
    expect(paging.body.summary).toEqual({
      standing: 'Past due',
      mrr: 0,
      card: null,
      openBalance: 50.1,
      unpaidBills: 5,
    });
    expect(paging.body).not.toHaveProperty('bills');
    const demo = await op.get(`/api/ops/organizations/${demoId}`);
    expect(demo.body.summary).toMatchObject({ card: 'Visa ending in 4242' });
    expect(demo.body.summary.mrr).toBeGreaterThan(0);
  });
});

describe('messages in words', () => {
  it('refuses how-it-went-back for a card refund without naming a field', async () => {
    const paid = await makeBill(t.db, {
      organizationId: demoId,
      subscriptionId: null,
      kind: 'overage',
      status: BillStatus.ChargePaid,
      totalCents: 700,
      billingDate: t.clock.now(),
      paidAt: t.clock.now(),
      attempts: [{ at: t.clock.now(), status: 'succeeded' }],
    });
    const res = await op.post(`/api/ops/bills/${paid}/refunds`, {
      amount: 1,
      reason: 'Goodwill',
      offlineMethod: 'Cheque 12',
    });
    const [bill] = await t.db.select().from(orders).where(eq(orders.id, paid));
    expect(bill!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Bill ${bill!.invoiceNumber} was paid by card: its refund goes back to the card, so there is no other way to say how it went back.`,
    );
    await t.db.delete(orders).where(eq(orders.id, paid));
  });
});
