import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo } from './support';

// The Flex usage details screen (docs/spec.md §2). Read-only: it only looks at demo data.

const screenshotPath = (name: string) => path.join(import.meta.dirname, '..', '.screens', `${name}.png`);

test.beforeEach(async ({ page }) => {
  await loginDemo(page);
});

test('from the editor to 12 date ranges per host, a stacked chart, and back', async ({ page }) => {
  await page.goto('/Subscriptions');
  await page.getByRole('button', { name: 'Edit Flex Reporting', exact: true }).click();
  // Hold the answer back until the loading text has been seen (a fixed delay can pass unseen on a
  // busy machine).
  let seen: () => void = () => undefined;
  const loadingSeen = new Promise<void>((resolve) => {
    seen = resolve;
  });
  await page.route('**/detailedFlexUsage', async (route) => {
    await loadingSeen;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Detailed RTU Usage' }).click();
  await expect(page).toHaveURL(/\/SubscriptionUsageDetails\/\d+$/);
  await expect(page.getByText('Gathering usage data, this can take a few minutes...')).toBeVisible();
  seen();

  await expect(page.getByTestId('usage-description')).toHaveText('Flex Reporting');
  await expect(page.getByText('Gathering usage data, this can take a few minutes...')).toHaveCount(0);
  await expect(page.getByTestId('refresh-date')).toHaveText(/^\d\d-\d\d-\d\d$/);
  await expect(page.getByTestId('total-rtus')).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId('unique-machines')).toHaveText('6');

  const table = page.getByRole('table', { name: 'RTUs per host and date range' });
  const headers = table.getByRole('columnheader');
  await expect(headers).toHaveCount(14);
  await expect(headers.first()).toHaveText('Hostname');
  await expect(headers.last()).toHaveText('Total');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    const cells = await rows.nth(i).getByRole('cell').allTextContents();
    expect(cells).toHaveLength(13);
    const numbers = cells.map((c) => Number(c.replaceAll(',', '')));
    expect(numbers.slice(0, 12).reduce((a, b) => a + b, 0)).toBe(numbers[12]);
  }

  const chart = page.getByRole('figure', { name: 'RTUs per date range, stacked by host' });
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  // Six hosts stacked in each of the 12 ranges (a host that joined later has empty segments).
  expect(await chart.locator('.recharts-bar').count()).toBe(6);
  await expect(chart.getByText('invoices-app')).toBeVisible();

  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('usage-details'), fullPage: true });

  await page.getByRole('link', { name: 'Back to Subscriptions' }).click();
  await expect(page).toHaveURL(/\/Subscriptions$/);
});

test('without an id it says No Subscription Selected and offers the way back', async ({ page }) => {
  await page.goto('/SubscriptionUsageDetails');
  await expect(page.getByText('No Subscription Selected')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Subscriptions' }).click();
  await expect(page).toHaveURL(/\/Subscriptions$/);
});

test("another organization's usage is not shown", async ({ page }) => {
  await page.goto('/SubscriptionUsageDetails/999999');
  await expect(page.getByRole('alert').filter({ hasText: 'Subscription not found.' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
