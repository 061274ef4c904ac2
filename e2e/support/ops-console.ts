import type { Browser, Page } from '@playwright/test';
import { signInAsOperator } from './operator';
import { expect } from './smtp';

/** A second browser context signed in as the demo operator, beside the customer's page. */
export async function operatorPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  await signInAsOperator(page);
  return page;
}

/** Opens a section of the console by its navigation, as an operator does. */
export async function openSection(
  page: Page,
  section: 'Organizations' | 'Catalogue' | 'Bills' | 'Billing runs',
) {
  await page
    .getByRole('navigation', { name: 'Operator console' })
    .getByRole('link', { name: section })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
}

/** The customer's side of a purchase with the sandbox card: cart, billing information, checkout. */
export async function buyWithCard(page: Page, product: string, plan: string, name: string) {
  await page.goto(`/Products/${product}`);
  await page
    .getByTestId('pricing-table')
    .getByRole('row', { name: new RegExp(plan) })
    .click();
  await page.getByLabel('Subscription Name').fill(name);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/Cart$/);
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/ModifyBillingInfo\?returnUrl=%2Fcheckout/);
  await page.getByLabel('Name on card').fill('Ava Owner');
  await page.getByLabel('Address 1').fill('10 Downing Lane');
  await page.getByLabel('City').fill('Boulder');
  await page.getByLabel('State / Province').fill('CO');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('Zip/Postal Code').fill('80301');
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Expiration Date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(page).toHaveURL(/\/confirmed$/);
}
