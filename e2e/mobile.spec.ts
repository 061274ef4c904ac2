import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo, storedToken } from './support';

// A phone is 390 px wide: the nav folds into a menu, wide tables stack or scroll in their own frame.
// That no screen scrolls sideways is judged screen by screen in screens.spec.ts. Read-only over the
// demo data.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;
const PHONE = { width: 390, height: 844 };

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('the nav folds into a menu that lists every page of the user', async ({ page }) => {
    await loginDemo(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    for (const link of [
      'Subscriptions',
      'Store Guide',
      'Shopping Cart',
      'My Account',
      'Manage Users',
      'Billing History',
      'Logout',
    ])
      await expect(drawer.getByRole('link', { name: link })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}390-menu.png` });
    await drawer.getByRole('link', { name: 'Billing History' }).click();
    await expect(page).toHaveURL(/\/BillingHistory$/);
    await expect(drawer).toBeHidden();
  });

  test('the subscriptions stack as cards and the editor opens at full width', async ({ page }) => {
    await loginDemo(page);
    const token = await storedToken(page);
    const subscriptions = (await (
      await page.request.get('/api/subscription/all', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { subscriptionId: number; description: string }[];
    const pro = subscriptions.find((s) => s.description === 'Production Engines');
    await page.goto(`/Subscriptions/${pro?.subscriptionId}`);
    // Stacked: one card per subscription, no seven-column table.
    await expect(page.getByRole('textbox', { name: 'Subscription Name' })).toBeInViewport();
    await expect(page.getByRole('table', { name: 'Subscriptions' })).toHaveCount(0);
  });

  test('the users stack as cards, each with its Edit and Delete in view', async ({ page }) => {
    await loginDemo(page, '/Organization');
    await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
    const jane = page
      .getByRole('list', { name: 'Users' })
      .getByRole('listitem')
      .filter({ hasText: 'Jane Miller' });
    await expect(jane.getByRole('link', { name: 'Edit Jane Miller' })).toBeInViewport({ ratio: 1 });
    await expect(jane.getByRole('button', { name: 'Delete Jane Miller' })).toBeInViewport({ ratio: 1 });
  });

  test('each bill keeps its invoice button in view', async ({ page }) => {
    await loginDemo(page, '/BillingHistory');
    const first = page.getByRole('table', { name: 'Bills' }).locator('tbody tr').first();
    await expect(first.getByRole('button', { name: /^invoice / })).toBeInViewport({ ratio: 1 });
  });
});

test('at 1280 px the usage table shows the current cycle and the total', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 1400 });
  await loginDemo(page);
  await page
    .context()
    .addCookies([{ name: 'cookieconsent_status', value: 'dismiss', url: new URL(page.url()).origin }]);
  const token = await storedToken(page);
  const subscriptions = (await (
    await page.request.get('/api/subscription/all', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { subscriptionId: number; description: string }[];
  const flex = subscriptions.find((s) => s.description === 'Flex Reporting');
  await page.goto(`/SubscriptionUsageDetails/${flex?.subscriptionId}`);
  const table = page.getByRole('table', { name: 'RTUs per host and date range' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // The frame opens at its left end, where a table is read from; Total stays pinned in view, and the
  // current cycle scrolls in at the right.
  const frame = page.getByRole('region', { name: 'RTUs per host and date range (scrolls sideways)' });
  expect(await frame.evaluate((el) => el.scrollLeft)).toBe(0);
  await expect(table.getByRole('columnheader', { name: 'Total' })).toBeInViewport({ ratio: 1 });
  await frame.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect(table.getByText('current', { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(table.getByRole('rowheader', { name: 'All hosts' })).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}1280-usage-details.png`, fullPage: true });
});
