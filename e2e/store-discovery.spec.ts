import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo } from './support';

// A new customer finds the store: the root shows a visitor the catalogue, the nav bar links to it,
// and every screen with nothing to show yet offers the way there, signed in or not.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

test('a visitor at / sees the catalogue, and the nav bar links to it', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('link', { name: /Pro/ }).first()).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/catalog');
  await page.goto('/Cart');
  await nav.getByRole('link', { name: 'Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}catalog-visitor.png`, fullPage: true });
});

test('at 390 px the menu links to the catalogue', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page).toHaveURL(/\/catalog$/);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await page.screenshot({ path: `${SCREENS}390-catalog-visitor.png`, fullPage: true });
});

test('signed in, / is Subscriptions, and the empty Subscriptions and Billing History link to the catalogue', async ({
  page,
}) => {
  await loginDemo(page, '/');
  await expect(page).toHaveURL(/\/Subscriptions$/);
  // An organization that has bought nothing yet.
  await page.route('**/api/subscription/all', (route) => route.fulfill({ json: [] }));
  await page.route('**/api/order/history', (route) => route.fulfill({ json: [] }));
  await page.reload();
  await expect(page.getByText('No subscriptions yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}subscriptions-empty.png`, fullPage: true });
  await page.getByRole('link', { name: 'Browse the catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);

  await page.goto('/BillingHistory');
  await expect(page.getByText('There are no bills yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Browse the catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
});
