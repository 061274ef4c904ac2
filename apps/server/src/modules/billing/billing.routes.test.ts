import { BillingMode, BillSchema, BillStatus, RoleMessages } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makeSubscription, planId, runBillingCycle } from '../../../test/support/billing';
import { refusal } from '../../../test/support/refusal';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orderLines, orders, organizations } from '../../db/schema';
import { ManualClock } from '../../lib/clock';
import { DEMO_COMPANY, DEMO_EMAIL, DEMO_PASSWORD, DEMO_SUB_ACCOUNT } from '../../seed/organizations';
import { BILL_NOT_FOUND } from './billing.routes';

let t: TestApp;
let demoId: number;
let otherBillId: number;
let europeId: number;

beforeAll(async () => {
  t = await createTestApp({ clock: new ManualClock('2026-11-02T12:00:00Z') });
  demoId = (await t.db.select().from(organizations).where(eq(organizations.companyName, DEMO_COMPANY)))[0]!
    .id;
  const other = await makeOrganization(t.db, { name: 'Other Org Ltd.' });
  const pro = await planId(t.db, 'Pro Standard');
  await makeSubscription(t.db, {
    organizationId: other.id,
    pricingPlanId: pro,
    description: 'Other renewal',
    billingMode: BillingMode.Monthly,
    numberMachines: 1,
    purchasedAt: '2026-10-20T00:00:00Z',
  });
  await makeSubscription(t.db, {
    organizationId: demoId,
    pricingPlanId: pro,
    description: 'Demo renewal',
    billingMode: BillingMode.Monthly,
    numberMachines: 3,
    purchasedAt: '2026-10-01T00:00:00Z',
  });
  europeId = (
    await t.db.select().from(organizations).where(eq(organizations.companyName, DEMO_SUB_ACCOUNT))
  )[0]!.id;
  await makeSubscription(t.db, {
    organizationId: europeId,
    pricingPlanId: pro,
    description: 'Europe renewal',
    billingMode: BillingMode.Annually,
    numberMachines: 1,
    purchasedAt: '2025-11-15T00:00:00Z',
  });
  t.clock.set('2026-11-21T00:00:00Z');
  await runBillingCycle({ db: t.db, clock: t.clock, gateway: t.gateway });
  const otherAdmin = await t.db.query.orders.findFirst({
    where: (o, { eq }) => eq(o.organizationId, other.id),
  });
  otherBillId = otherAdmin!.id;
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/order/history', () => {
  it("lists only the own organization's bills, newest first, in the Bill shape", async () => {
    const demo = await t.loginDemo();
    const res = await demo.get('/api/order/history');
    expect(res.status).toBe(200);
    const bills = res.body.map((b: unknown) => BillSchema.parse(b));
    expect(bills.length).toBeGreaterThan(0);
    expect(bills.some((b: { orderId: number }) => b.orderId === otherBillId)).toBe(false);
    const dates = bills.map((b: { billingDate: string }) => b.billingDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Pro Standard $250 × 3 engines, 5 % demo discount: $712.50, in dollars on the wire.
    expect(
      bills.some(
        (b: { total: number; billingDate: string }) =>
          b.total === 712.5 && b.billingDate === '2026-11-01T00:00:00.000Z',
      ),
    ).toBe(true);
  });

  it('names the subscriptions each bill is for, beside the spec fields', async () => {
    const demo = await t.loginDemo();
    const bills = (await demo.get('/api/order/history')).body as {
      total: number;
      billingDate: string;
      subscriptionNames: string[];
    }[];
    const renewal = bills.find((b) => b.total === 712.5 && b.billingDate === '2026-11-01T00:00:00.000Z');
    expect(renewal?.subscriptionNames).toEqual(['Demo renewal']);
    expect(bills.every((b) => b.subscriptionNames.length > 0)).toBe(true);
  });

  it('is open to the Billing role (docs/decisions/033), refused to plain users and closed to visitors', async () => {
    const omar = await t.login('omar.haddad@example.com');
    expect((await omar.get('/api/order/history')).status).toBe(200);
    const jane = await t.login('jane.miller@example.com');
    expect((await jane.get('/api/order/history')).body).toEqual({
      message: RoleMessages.required('billing'),
      code: 'ROLE_REQUIRED',
    });
    expect((await t.client().get('/api/order/history')).status).toBe(401);
  });
});

describe('GET /api/order/invoice/:orderId', () => {
  it('answers a PDF named invoice_{orderId}.pdf', async () => {
    const demo = await t.loginDemo();
    const [latest] = (await demo.get('/api/order/history')).body;
    const res = await demo.get(`/api/order/invoice/${latest.orderId}`, { accept: 'application/pdf' });
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/pdf');
    expect(res.raw.headers['content-disposition']).toBe(
      `attachment; filename="invoice_${latest.orderId}.pdf"`,
    );
    const pdf = res.raw.rawPayload;
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  });

  it("answers 404 for another organization's bill, and for one that does not exist", async () => {
    const demo = await t.loginDemo();
    for (const id of [otherBillId, 999_999]) {
      const res = await demo.get(`/api/order/invoice/${id}`, { accept: 'application/pdf' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: BILL_NOT_FOUND, code: 'NOT_FOUND' });
    }
  });

  it('answers 400 with a readable message for an id that is not one', async () => {
    const demo = await t.loginDemo();
    const res = await demo.get('/api/order/invoice/abc');
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe(
      'orderId: orderId must be a whole number from 1 to 2147483647, written in digits',
    );
  });
});

describe('new billing information', () => {
  it("retries the organization's past-due bills at once", async () => {
    const [bill] = await t.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.description, 'Europe renewal'));
    // No card on file: the renewal of Nov 15 is past due.
    expect(bill!.status).toBe(BillStatus.ChargePastDue);
    const europe = await t.login(DEMO_EMAIL, DEMO_PASSWORD, europeId);
    const res = await europe.put('/api/organization/billing_info', {
      nameOnCard: 'Erik Jansen',
      company: DEMO_SUB_ACCOUNT,
      addr1: 'Keizersgracht 62',
      addr2: '',
      city: 'Amsterdam',
      state: 'Noord-Holland',
      country: 'nl',
      postalCode: '1015 CS',
      sourceId: 'pm_card_visa',
      expireMonth: 8,
      expireYear: 2030,
      lastFour: '4242',
    });
    expect(res.status).toBe(200);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, bill!.id));
    expect(after!.status).toBe(BillStatus.ChargePaid);
    expect(after!.attempts).toBe(2);
  });
});
