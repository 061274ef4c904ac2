import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { billStatusText, billSubscriptionsText, formatShortDate, formatUsd, toCents } from '@store/core';
import { loginDemo } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { screenshotPath } from './support/smtp';

// Billing History (spec §2): read-only over the demo organization's year of bills, so it changes
// nothing other specs rely on.

test('billing history lists the bills with their status texts and downloads an invoice PDF', async ({
  page,
}) => {
  await loginDemo(page);
  const history = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order/history');
  await page.getByRole('button', { name: 'Dana Demo' }).click();
  await page.getByRole('menuitem', { name: 'Billing History' }).click();
  await expect(page).toHaveURL(/\/BillingHistory$/);
  const bills = (await (await history).json()) as {
    orderId: number;
    billingDate: string;
    status: number;
    total: number;
    subscriptionNames: string[];
  }[];
  expect(bills.length).toBeGreaterThan(12);

  await expect(page.getByRole('heading', { name: 'Billing History' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Bills' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Bill Date',
    'Subscription',
    'Status',
    'Bill Total (USD)',
    'Invoice',
  ]);
  // The first page: 50 bills, newest first (the pages are billing-history-paging.spec's).
  const firstPage = bills.slice(0, 50);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(firstPage.length);
  for (const [i, bill] of firstPage.entries()) {
    await expect(rows.nth(i).locator('td')).toHaveText(
      [
        formatShortDate(bill.billingDate),
        billSubscriptionsText(bill.subscriptionNames),
        billStatusText(bill.status),
        formatUsd(toCents(bill.total)),
        'invoice',
      ],
      { useInnerText: true },
    );
  }
  // Each row says what it is for: the demo year's renewals name their subscriptions.
  await expect(table.getByRole('cell', { name: 'Production Engines', exact: true }).first()).toBeVisible();
  // The demo year holds paid bills and the one left unpaid.
  await expect(table.getByRole('cell', { name: 'Paid', exact: true }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Un-Paid', exact: true })).toHaveCount(1);
  await page.screenshot({ path: screenshotPath('billing-history'), fullPage: true });
  await expectNoAxeViolations(page);

  const first = bills[0]!;
  const downloading = page.waitForEvent('download');
  await rows
    .first()
    .getByRole('button', { name: /^invoice/ })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice_${first.orderId}.pdf`);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
});
