import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo } from './support';

// Billing History pages its table, 50 bills a page. The demo organization has about a year of bills,
// so the test serves a longer history of the same shape to the browser.

test('more than 50 bills are paged, 50 a page, newest first', async ({ page }) => {
  await loginDemo(page);
  await page.route('**/api/order/history', async (route) => {
    const response = await route.fetch();
    const real = (await response.json()) as { orderId: number }[];
    const template = real[0];
    const bills = Array.from({ length: 120 }, (_, i) => ({
      ...template,
      orderId: 100_000 - i,
      billingDate: new Date(Date.UTC(2026, 10, 1) - i * 86_400_000).toISOString(),
    }));
    await route.fulfill({ response, json: bills });
  });
  await page.goto('/BillingHistory');
  const rows = page.getByRole('table', { name: 'Bills' }).locator('tbody tr');
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toHaveAttribute('data-order-id', '100000');
  await expect(page.getByTestId('bills-range')).toHaveText('Bills 1–50 of 120');
  await expectNoAxeViolations(page);

  const pages = page.getByRole('navigation', { name: 'Billing history pages' });
  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toHaveAttribute('data-order-id', String(100_000 - 100));
  await expect(page.getByTestId('bills-range')).toHaveText('Bills 101–120 of 120');
});
