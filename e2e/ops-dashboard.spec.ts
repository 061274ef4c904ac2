import { test as base, expect, type Page } from '@playwright/test';
import { formatMediumDate, formatUsd, OpsDisputeTexts, toCents } from '@store/core';
import Stripe from 'stripe';
import { fakeStripeDisputes } from '../apps/server/test/support/fake-stripe-disputes';
import { startDemoServer } from './support/demo-server';
import { signInAsOperator } from './support/operator';
import { judgeBothWidths, openSection } from './support/ops-console';

// The console's home and its Disputes screen (docs/decisions/028) on a demo server of their own: the
// dashboard shows the demo as it was seeded, whatever other specs do to theirs, and Stripe's dispute
// events reach it signed with its webhook secret, as Stripe sends them.

const WEBHOOK_SECRET = 'whsec_e2e_ops_dashboard';
const DAY_MS = 86_400_000;

const test = base.extend<object, { dashboardServer: { url: string; stop(): Promise<void> } }>({
  dashboardServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const server = await startDemoServer('ops-dashboard', () => ({
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        LOG_LEVEL: 'warn',
      }));
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ dashboardServer }, use) => use(dashboardServer.url),
});
test.describe.configure({ mode: 'serial' });
// Stopped when the spec ends, not when its worker does (e2e/support/smtp.ts).
test.afterAll(async ({ dashboardServer }) => dashboardServer.stop());

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const row = (page: Page, table: string, name: RegExp) =>
  page.getByRole('table', { name: table }).getByRole('row', { name });

/** Stripe's event, signed as Stripe signs it, delivered to the server's webhook. */
async function deliver(page: Page, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await page.request.post('/api/stripe/webhook', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('the dashboard shows the demo as seeded, and says how it counts', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsOperator(page);
  // The console's home is the dashboard.
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard – Operator Console – Subscription Store');

  // The demo's 15 billed subscriptions, each at its plan price a month: Demo Documents Inc. (5 % off)
  // 1,222.65 + 887.30 + 225.63 + 465.98 + 189.05 + 513.00 + 94.05 + Container Fleet's 3 × 427.50,
  // its sub-account's Flex 134.10, and
  // the QA organization's 225.00 + 490.50 + 250 + 1,350 + 250 + 900. Their bills agree, so nothing moved.
  const mrr = region(page, 'Monthly recurring revenue');
  await expect(mrr).toContainText('$8,479.76');
  await expect(mrr).toContainText('15 subscriptions running');
  const movement = 'MRR this month';
  await expect(row(page, movement, /^At the month's start/)).toContainText('$8,479.76');
  await expect(row(page, movement, /^New \(0 subscriptions\)/)).toContainText('$0.00');
  for (const name of [/^Expansion/, /^Contraction/, /^Churn \(0 subscriptions\)/, /^Not billed yet/])
    await expect(row(page, movement, name)).toContainText('$0.00');
  await expect(row(page, movement, /^MRR now/)).toContainText('$8,479.76');

  // No charge failed; the eight monthly subscriptions renew within 30 days (the annual and quarterly
  // ones later, the cancelled one never): 887.30 + 189.05 + 94.05 + 1,282.50 + 250 + 1,350 + 250 + 900.
  const failed = region(page, 'Failed payments this week');
  await expect(failed).toContainText('0charges declined since');
  await expect(failed).toContainText('Bills0');
  await expect(failed).toContainText('At risk$0.00');
  const renewals = region(page, 'Renewals in the next 30 days');
  await expect(renewals).toContainText('8due by');
  await expect(renewals).toContainText('To bill$5,202.90');

  // The one bill owed: the designer seat's renewal seven months ago, never paid.
  const receivables = region(page, 'Receivables by age');
  await expect(receivables).toContainText('$37.05owed on 1 bill');
  const aged = 'Receivables by days past due';
  await expect(row(page, aged, /^Over 90 days/)).toHaveText(/Over 90 days\s*1\s*\$37\.05/);
  for (const bucket of [/^Current/, /^1–30 days/, /^31–60 days/, /^61–90 days/])
    await expect(row(page, aged, bucket)).toContainText('0$0.00');
  await expect(region(page, 'Open disputes')).toContainText('0$0.00 disputed');

  // The help says what each figure counts.
  await page.getByRole('button', { name: 'How these figures are counted' }).click();
  await expect(page.getByText(/^Monthly recurring revenue: every subscription billed monthly/)).toBeVisible();
  await expect(
    page.getByText(/MRR = the month's start \+ new \+ expansion − contraction − churn/),
  ).toBeVisible();
  await judgeBothWidths(page, 'ops-dashboard');
  await page.context().close();
});

test('a disputed charge is on the dashboard, in Disputes and on its bill, which offers no refund', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsOperator(page);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').token);
  const api = async (path: string) =>
    (await page.request.get(path, { headers: { authorization: `Bearer ${token}` } })).json();

  // A paid card bill of the demo's, and the PaymentIntent that paid it.
  const bills = (await api('/api/ops/bills?filter=all')).items as Array<{
    orderId: number;
    organizationName: string;
    status: string;
    total: number;
    invoiceNumber: string | null;
  }>;
  const bill = bills.find((b) => b.organizationName === 'Demo Documents Inc.' && b.status === 'Paid')!;
  const detail = await api(`/api/ops/bills/${bill.orderId}`);
  const intent = detail.attempts.find((a: { status: string }) => a.status === 'succeeded').gatewayReference;

  // The customer's bank disputes it; Stripe says so with the evidence deadline it sets.
  const dueBy = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 9 * DAY_MS + DAY_MS - 1000);
  const stripeDisputes = fakeStripeDisputes(
    [{ id: intent, amount: toCents(bill.total), currency: 'usd' }],
    (prefix) => `${prefix}_e2e${Date.now().toString(36)}`,
  );
  const dispute = stripeDisputes.open(intent, { reason: 'product_not_received', dueBy });
  await deliver(page, 'charge.dispute.created', dispute);

  const amount = formatUsd(toCents(bill.total));
  await page.reload();
  await expect(region(page, 'Open disputes')).toContainText(`1${amount} disputed`);

  // The Disputes screen, from the console's menu: open ones with their organization and bill.
  await openSection(page, 'Disputes');
  const open = page.getByRole('table', { name: 'Disputes: Open' });
  const listed = open.getByRole('row').nth(1);
  await expect(listed).toContainText('Demo Documents Inc.');
  await expect(listed).toContainText(bill.invoiceNumber ?? `Order ${bill.orderId}`);
  await expect(listed).toContainText(amount);
  await expect(listed).toContainText('Product not received');
  await expect(listed).toContainText('Needs response');
  await expect(listed).toContainText(formatMediumDate(dueBy));
  await judgeBothWidths(page, 'ops-disputes');

  // Its bill shows the dispute where the Refund form would be.
  await listed.getByRole('link', { name: bill.invoiceNumber ?? `Order ${bill.orderId}` }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: bill.invoiceNumber ?? `Order ${bill.orderId}` }),
  ).toBeVisible();
  const onBill = page.getByRole('table', { name: 'Disputes of this bill' });
  await expect(onBill.getByRole('row').nth(1)).toContainText('Needs response');
  const refunds = region(page, 'Refunds');
  await expect(refunds).toContainText(OpsDisputeTexts.refundNotOffered);
  await expect(refunds.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Refund' })).toHaveCount(0);
  await judgeBothWidths(page, 'ops-bill-disputed');

  // Stripe closes it, won: it moves to the closed ones and leaves the dashboard's count.
  await deliver(page, 'charge.dispute.closed', stripeDisputes.update(String(dispute.id), { status: 'won' }));
  await openSection(page, 'Disputes');
  await expect(page.getByText(OpsDisputeTexts.noneOpen)).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Closed$/ })
    .click();
  await expect(page.getByRole('table', { name: 'Disputes: Closed' }).getByRole('row').nth(1)).toContainText(
    'Won',
  );
  await openSection(page, 'Dashboard');
  await expect(region(page, 'Open disputes')).toContainText('0$0.00 disputed');
  await page.context().close();
});
