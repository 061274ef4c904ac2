import { BillStatus, type PricingPlan } from '@store/core';
import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOperator } from '../../../test/support/operator';
import { pdfText } from '../../../test/support/pdf-text';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { orders, organizations } from '../../db/schema';
import { DEMO_COMPANY } from '../../seed/organizations';

// Invoice and credit-note numbers (docs/decisions/016): one series per year, no gaps, apart from
// order ids; a card bill takes its number when paid, never when declined.

let t: TestApp;
let plan: PricingPlan;
let demoId: number;

const billingInfo = (sourceId: string, taxId?: string) => ({
  nameOnCard: 'Dana Demo',
  company: DEMO_COMPANY,
  addr1: '1 Demo Way',
  addr2: '',
  city: 'Springfield',
  state: 'IL',
  country: 'US',
  postalCode: '62701',
  sourceId,
  expireMonth: 12,
  expireYear: 2031,
  lastFour: '4242',
  ...(taxId === undefined ? {} : { taxId }),
});

const purchase = (api: Awaited<ReturnType<TestApp['loginDemo']>>, key: string) =>
  api.post(
    '/api/subscription/new',
    [
      {
        description: key,
        pricingPlanId: plan.pricingPlanId,
        maxAdditionalMonthlyCharge: 0,
        xtraAutoTags: 0,
        numberMachines: 1,
        billingMode: 3,
      },
    ],
    { 'Idempotency-Key': key },
  );

/** Every number the year's series has given, invoices and credit notes, in order. */
async function issuedNumbers(): Promise<string[]> {
  const rows = await queryRows<{ n: string }>(
    t.db,
    sql`SELECT invoice_number AS n FROM orders WHERE invoice_number LIKE '2026-%'
      UNION ALL SELECT credit_note_number FROM refunds WHERE credit_note_number LIKE '2026-%' ORDER BY 1`,
  );
  return rows.map((r) => r.n);
}
const sequence = (n: number) => Array.from({ length: n }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  plan = ((await t.client().get('/api/product/plans_for_product/Pro')).body as PricingPlan[]).find(
    (p) => p.planName === 'Pro Standard',
  )!;
  demoId = (await t.db.select().from(organizations).where(eq(organizations.companyName, DEMO_COMPANY)))[0]!
    .id;
});
afterAll(() => t.close());

describe('invoice numbers', () => {
  it('a declined order takes no number; the next paid bill takes the next one', async () => {
    const demo = await t.loginDemo();
    const before = await issuedNumbers();
    expect(before).toEqual(sequence(before.length));
    expect(
      (await demo.put('/api/organization/billing_info', billingInfo('pm_card_chargeCustomerFail'))).status,
    ).toBe(200);
    const declined = await purchase(demo, 'numbers-declined');
    expect(declined.status).toBe(402);
    const [failed] = await t.db.select().from(orders).where(eq(orders.idempotencyKey, 'numbers-declined'));
    expect(failed).toMatchObject({ status: BillStatus.UnPaid, invoiceNumber: null });
    expect((await demo.put('/api/organization/billing_info', billingInfo('pm_card_visa'))).status).toBe(200);
    const paid = await purchase(demo, 'numbers-paid');
    expect(paid.status).toBe(200);
    const [bill] = await t.db.select().from(orders).where(eq(orders.id, paid.body.orderId));
    expect(bill!.id).toBeGreaterThan(failed!.id);
    expect(bill!.invoiceNumber).toBe(sequence(before.length + 1).at(-1));
    expect(await issuedNumbers()).toEqual(sequence(before.length + 1));
  });

  it('payments at the same time take consecutive numbers, none twice and none skipped, with credit notes between', async () => {
    const demo = await t.loginDemo();
    const op = await loginOperator(t);
    const [last] = await t.db
      .select()
      .from(orders)
      .where(isNotNull(orders.invoiceNumber))
      .orderBy(desc(orders.invoiceNumber))
      .limit(1);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => purchase(demo, `numbers-concurrent-${i}`)),
      op.post(`/api/ops/bills/${last!.id}/refunds`, { amount: 1, reason: 'Numbering' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(7).fill(200));
    const numbers = await issuedNumbers();
    expect(numbers).toEqual(sequence(numbers.length));
    const [counter] = await queryRows<{ last_number: number }>(
      t.db,
      sql`SELECT last_number FROM document_number_counters WHERE year = 2026`,
    );
    expect(Number(counter!.last_number)).toBe(numbers.length);
  });
});

describe("the customer's tax id", () => {
  it('is saved with the billing update and printed on the invoice with the number and the seller', async () => {
    const demo = await t.loginDemo();
    const saved = await demo.put(
      '/api/organization/billing_info',
      billingInfo('pm_card_visa', ' DE 123456789 '),
    );
    expect(saved.status).toBe(200);
    expect((await demo.get('/api/organization/billing_description')).body.taxId).toBe('DE 123456789');
    const paid = await purchase(demo, 'numbers-tax-id');
    const [bill] = await t.db.select().from(orders).where(eq(orders.id, paid.body.orderId));
    const pdf = await demo.get(`/api/order/invoice/${bill!.id}`);
    const text = pdfText(pdf.raw.rawPayload);
    expect(text).toContain('Tax ID: DE 123456789');
    expect(text).toContain('Tax ID: EIN 84-0000000');
    expect(text).toMatch(new RegExp(`Invoice number\\s+${bill!.invoiceNumber}`));
  });

  it('refuses characters a tax id does not have, and keeps the one on file', async () => {
    const demo = await t.loginDemo();
    const res = await demo.put('/api/organization/billing_info', billingInfo('pm_card_visa', 'DE<script>'));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(
      'Tax / VAT ID may hold letters, digits, spaces, dots, dashes and slashes only',
    );
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, demoId));
    expect(org!.taxId).toBe('DE 123456789');
  });
});

describe('the operator', () => {
  it('sets the tax id with the terms, and sees invoice numbers and refunds on the bill', async () => {
    const op = await loginOperator(t);
    const detail = (await op.get(`/api/ops/organizations/${demoId}`)).body.organization;
    const { organizationId: _id, name: _n, parentName: _p, createdAt: _c, taxId: _t, ...terms } = detail;
    const saved = await op.put(`/api/ops/organizations/${demoId}/terms`, {
      ...terms,
      taxId: 'NL001234567B01',
    });
    expect(saved.status).toBe(200);
    expect((await op.get(`/api/ops/organizations/${demoId}`)).body.organization.taxId).toBe('NL001234567B01');

    const [bill] = await t.db.select().from(orders).where(eq(orders.idempotencyKey, 'numbers-tax-id'));
    await op.post(`/api/ops/bills/${bill!.id}/refunds`, { amount: 2, reason: 'Shown on the bill' });
    const shown = (await op.get(`/api/ops/bills/${bill!.id}`)).body;
    expect(shown.bill.invoiceNumber).toBe(bill!.invoiceNumber);
    expect(shown.refunds).toEqual([
      expect.objectContaining({ amount: 2, reason: 'Shown on the bill', status: 'succeeded' }),
    ]);
  });
});
