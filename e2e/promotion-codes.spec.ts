import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo, signInAsOperator } from './support';
import { addToCart } from './support/store';

// Promotion codes (docs/decisions/041): the cart checks a code and shows its line, the checkout takes
// it off Total Today and sends it, the confirmation says what it saved; the console makes and stops codes.

const SHOTS = '/tmp/shots-promo/';
const shoot = async (page: Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('WELCOME10 in the cart: its discount on the cart, the checkout and the confirmation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginDemo(page);
  await addToCart(page, 'Pro', 'Welcomed engines', 'Pro Standard');
  // Demo Documents Inc.'s 5 % first: $2,565.00 a year.
  await expect(page.getByTestId('cart-total')).toHaveText('$2,565.00');

  // A refusal is said under the field and changes nothing.
  await page.getByRole('textbox', { name: 'Promotion code' }).fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByText('There is no promotion code NOSUCHCODE. Please check the code and try again.'),
  ).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('$2,565.00');

  await page.getByRole('textbox', { name: 'Promotion code' }).fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promotion code WELCOME10 applied.')).toBeVisible();
  await expect(page.getByTestId('promotion-line')).toContainText('10% off the first cycle');
  await expect(page.getByTestId('promotion-discount')).toHaveText('-$256.50');
  await expect(page.getByTestId('cart-total')).toHaveText('$2,308.50');
  await expectNoAxeViolations(page);
  await shoot(page, 'cart-with-code');

  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('promotion-discount')).toHaveText('-$256.50');
  await expect(page.getByTestId('checkout-total')).toHaveText('$2,308.50');
  await expectNoAxeViolations(page);
  await shoot(page, 'checkout-with-code');

  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(page).toHaveURL(/\/confirmed$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByTestId('promotion-discount')).toHaveText('-$256.50');
  await expect(page.getByTestId('confirmed-total')).toHaveText('Charged today: $2,308.50');
  await expectNoAxeViolations(page);
  await shoot(page, 'confirmed-with-code');
});

test('the console lists, creates and deactivates promotion codes', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsOperator(page);
  await page.goto('/ops/promotions');
  await expect(page.getByRole('heading', { name: 'Promotion codes', level: 2 })).toBeVisible();
  await expect(page.getByRole('row', { name: /WELCOME10/ })).toContainText('10% off the first cycle');

  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('spring-sale');
  await page.getByRole('textbox', { name: 'Percent off' }).fill('25');
  await page.getByLabel('Maximum redemptions').fill('50');
  await page.getByRole('button', { name: 'Create code' }).click();
  const row = page.getByRole('row', { name: /SPRING-SALE/ });
  await expect(row).toContainText('25% off the first cycle, once per organization');
  await expect(row).toContainText('0 of 50');
  await expectNoAxeViolations(page);
  await shoot(page, 'ops-promotions');

  await page.getByRole('button', { name: 'Deactivate SPRING-SALE' }).click();
  await expect(row).toContainText('Deactivated');
});
