import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo } from './support';

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

// The cart (docs/spec.md §2 "Shopping Cart", §6 organization discount).

test('signing in mid-journey reprices the cart: cart, checkout and the charged bill agree', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/Products/Pro');
  await page
    .getByTestId('pricing-table')
    .getByRole('row', { name: /Pro Standard/ })
    .click();
  await page.getByLabel('Subscription Name').fill('Repriced engines');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/Cart$/);
  await expect(page.getByTestId('cart-item-price')).toHaveText('$2,700.00 / year');
  await expect(page.getByTestId('cart-total')).toHaveText('$2,700.00');

  // Demo Documents Inc. has a 5 % discount (docs/spec.md §6).
  await loginDemo(page, '/Cart');
  await expect(page.getByTestId('cart-item-price')).toHaveText('$2,565.00 / year');
  await expect(page.getByTestId('cart-total')).toHaveText('$2,565.00');
  // Only the organization's own discount applied: said as such, never as a change of price.
  await expect(page.getByTestId('cart-item-price-changed')).toHaveText(
    "Your organization's 5% discount was applied; it was $2,700.00 / year when you added this item.",
  );
  await expect(page.getByText('The price has changed')).toHaveCount(0);
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '{}');
  expect(stored.total).toBe(2565);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}cart-repriced.png`, fullPage: true });

  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('cart-item-price')).toHaveText('$2,565.00 / year');
  await expect(page.getByText('$2,565.00', { exact: true })).toBeVisible();
  const purchase = page.waitForResponse((r) => r.url().endsWith('/api/subscription/new'));
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  expect((await purchase).status()).toBe(200);
  await expect(page).toHaveURL(/\/confirmed$/);

  await page.goto('/BillingHistory');
  const table = page.getByRole('table', { name: 'Bills' });
  await expect(table.locator('tbody tr').filter({ hasText: '2,565.00' })).toHaveCount(1);
});

test('signing out prices the cart without the organization discount again', async ({ page }) => {
  await loginDemo(page, '/Products/Pro');
  await page
    .getByTestId('pricing-table')
    .getByRole('row', { name: /Pro Standard/ })
    .click();
  await page.getByLabel('Subscription Name').fill('Signed-out engines');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-item-price')).toHaveText('$2,565.00 / year');
  await page.goto('/login');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
  await page.goto('/Cart');
  await expect(page.getByTestId('cart-item-price')).toHaveText('$2,700.00 / year');
  await expect(page.getByTestId('cart-total')).toHaveText('$2,700.00');
});

test('the empty cart links to the catalog, and the link is told apart from the text without colour', async ({
  page,
}) => {
  await page.goto('/Cart');
  const link = page.getByTestId('cart-empty').getByRole('link', { name: 'catalog' });
  await expect(link).toHaveAttribute('href', '/catalog');
  await expect(link).toHaveCSS('text-decoration-line', 'underline');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}cart-empty.png`, fullPage: true });
});

test('an item whose billing mode is not sold stays in view with the purchase’s message until removed', async ({
  page,
}) => {
  await page.goto('/Products/Flex');
  await page.getByLabel('Subscription Name').fill('Flex to keep');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/Cart$/);
  // A cart stored by another version of the store, or edited by hand, holds a billing mode 7 item.
  await page.evaluate(() => {
    const cart = JSON.parse(localStorage.getItem('cart') ?? '{}');
    const [kept] = cart.items;
    cart.items.push({
      ...kept,
      id: 'mode-seven',
      name: 'Seven',
      billingCycle: { ...kept.billingCycle, mode: 7 },
    });
    localStorage.setItem('cart', JSON.stringify(cart));
  });
  await page.reload();

  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  const refused = page.getByTestId('cart-item-refused');
  await expect(refused).toContainText('Seven');
  await expect(refused.getByTestId('cart-item-refused-reason')).toHaveText(
    'Invalid Argument: 7 is not a valid billing period.',
  );
  await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled();
  await expect(page.getByTestId('cart-blocked')).toHaveText(
    'Remove the items that cannot be bought to proceed.',
  );
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Shopping Cart\s*2 items/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await refused.getByRole('button', { name: 'Remove Seven from the cart' }).click();
  await expect(refused).toHaveCount(0);
  await expect(page.getByTestId('cart-item')).toContainText('Flex to keep');
  await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeEnabled();
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '{}');
  expect(stored.items.map((i: { name: string }) => i.name)).toEqual(['Flex to keep']);
});
