import type { Page } from '@playwright/test';
import { newCustomer } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, screenshotPath, test } from './support/smtp';
import { addToCart } from './support/store';

// Free trials (docs/decisions/043): the demo's Flex plans offer 14 days. A new organization, with no card
// on file, starts one from the product page: the page, the cart and the checkout say when it ends and what
// it costs then, nothing is charged and no card is asked for, and Subscriptions shows the same line.

const TRIAL_LINE = /^Trial: ends [A-Z][a-z]{2} \d{1,2}, \d{4}, then \$[\d,]+\.\d{2} per year$/;

/** Axe-clean at a desk's width and at a phone's, where nothing scrolls sideways. */
async function checked(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a new organization starts a Flex trial without a card and sees it on Subscriptions', async ({
  page,
  mailServer,
}) => {
  test.setTimeout(60_000);
  await newCustomer(page, mailServer, 'Trial Flex');

  await page.goto('/Products/Flex');
  await expect(page.getByTestId('form-trial')).toHaveText(TRIAL_LINE);
  await checked(page, 'trial-product');

  await addToCart(page, 'Flex', 'Trying Flex');
  await expect(page.getByTestId('cart-item-trial')).toHaveText(TRIAL_LINE);
  await expect(page.getByTestId('cart-total')).toHaveText('$0.00');
  await checked(page, 'trial-cart');

  // No card on file and none asked for: straight to the checkout.
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('cart-item-trial')).toHaveText(TRIAL_LINE);
  await expect(page.getByTestId('checkout-total')).toHaveText('$0.00');
  await checked(page, 'trial-checkout');
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(page).toHaveURL(/\/confirmed$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();

  await page.goto('/Subscriptions');
  const trial = page.getByTestId(/^trial-\d+$/);
  await expect(trial).toHaveText(TRIAL_LINE);
  await checked(page, 'trial-subscriptions');
});
