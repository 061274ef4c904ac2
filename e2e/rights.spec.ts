import { expect, type Page, test } from '@playwright/test';
import { RoleMessages } from '@store/core';
import { DEMO_COMPANY, DEMO_EMAIL, DEMO_PASSWORD, expectNoAxeViolations, loginDemo, signIn } from './support';

// docs/design.md §2, §5a: the server enforces rights; the client hides what the user cannot do. Jane is a
// plain user of the demo organization, whose one admin is Dana Demo; Omar holds the Billing role.
const JANE = 'jane.miller@example.com';
const SCREENS = new URL('../.screens/', import.meta.url).pathname;

async function addFlexToCart(page: Page, name: string) {
  await page.goto('/Products/Flex');
  await page.getByLabel('Subscription Name').fill(name);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/Cart$/);
}

test('a plain user fills a cart; cart and checkout say an admin places the order, and whom to ask', async ({
  page,
}) => {
  await signIn(page, { email: JANE, password: DEMO_PASSWORD });
  await addFlexToCart(page, 'Jane wants Flex');

  const cartNotice = page.getByTestId('admin-places-order');
  await expect(cartNotice).toContainText(
    `Only an administrator of ${DEMO_COMPANY}, or someone with the Billing role, can buy these plans.`,
  );
  await expect(cartNotice).toContainText(`Your administrator is Dana Demo (${DEMO_EMAIL}).`);
  await expect(cartNotice.getByRole('link', { name: DEMO_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${DEMO_EMAIL}`,
  );
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-total')).not.toHaveText('—');
  await expect(page.getByTestId('admin-places-order')).toContainText(
    `Only an administrator of ${DEMO_COMPANY}, or someone with the Billing role, can confirm this purchase.`,
  );
  await expect(page.getByTestId('admin-places-order')).toContainText('Dana Demo');
  // No button invites what the server would refuse.
  await expect(page.getByRole('button', { name: 'Confirm Purchase' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}checkout-plain-user.png`, fullPage: true });
});

test('a sentence that ends with the organization name has one full stop', async ({ page }) => {
  await signIn(page, { email: JANE, password: DEMO_PASSWORD });
  await addFlexToCart(page, 'Full stop');
  await page.goto('/checkout');
  // The demo organization's name ends with its own stop: "Inc." not "Inc..".
  await expect(page.getByText(`All items are billed to ${DEMO_COMPANY}`)).toHaveText(
    'All items are billed to Demo Documents Inc.',
  );
});

for (const [path, role, task] of [
  ['/Organization', 'admin', 'manage users'],
  ['/CreateAccount', 'admin', 'manage users'],
  ['/ModifyBillingInfo', 'billing', 'manage billing information'],
  ['/ModifyBillingInfo?returnUrl=%2Fcheckout', 'billing', 'manage billing information'],
  ['/BillingHistory', 'billing', 'manage billing information'],
  ['/Activity', 'admin', "see the organization's activity"],
] as const) {
  test(`a plain user who types ${path} sees one page saying the ${role} role may ${task}`, async ({
    page,
  }) => {
    await signIn(page, { email: JANE, password: DEMO_PASSWORD }, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(RoleMessages.neededTitle(role));
    await expect(page.getByText(RoleMessages.needed(role, DEMO_COMPANY, task))).toBeVisible();
    await expect(page.getByTestId('organization-admins')).toContainText('Dana Demo');
    // No form, no table, no refused request's alert.
    await expect(page.locator('form')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to Subscriptions' }).click();
    await expect(page).toHaveURL(/\/Subscriptions$/);
  });
}

test('a plain user has no billing, users or developer items in the menu', async ({ page }) => {
  await signIn(page, { email: JANE, password: DEMO_PASSWORD });
  await page.getByRole('button', { name: 'Jane Miller' }).click();
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  for (const name of [
    'Manage Users',
    'Modify Billing Information',
    'Billing History',
    'Activity',
    'API & Webhooks',
  ])
    await expect(page.getByRole('menuitem', { name })).toHaveCount(0);
});

test('a billing person sees the billing screens, and no users or developer ones', async ({ page }) => {
  // Omar Haddad holds the Billing role in the demo data.
  await signIn(page, { email: 'omar.haddad@example.com', password: DEMO_PASSWORD });
  await page.getByRole('button', { name: 'Omar Haddad' }).click();
  await expect(page.getByRole('menuitem', { name: 'Billing History' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Modify Billing Information' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Manage Users' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'API & Webhooks' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/BillingHistory');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing History');
  await page.goto('/ApiTokens');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(RoleMessages.neededTitle('developer'));
});

test('an admin still sees the admin screens', async ({ page }) => {
  await loginDemo(page, '/Organization');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${DEMO_COMPANY} Users`);
  await page.goto('/CreateAccount');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add New User');
});

test('/confirmed opened without a purchase goes to Subscriptions and keeps the cart', async ({ page }) => {
  await loginDemo(page);
  await addFlexToCart(page, 'Not bought yet');
  await page.goto('/confirmed');
  await expect(page).toHaveURL(/\/Subscriptions$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toHaveCount(0);
  const cart = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '{}');
  expect(cart.items.map((i: { name: string }) => i.name)).toEqual(['Not bought yet']);
});
