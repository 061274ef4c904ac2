import { type Browser, expect, type Page } from '@playwright/test';
import { signInAsOperator } from './operator';
import { judgeScreen } from './screen';
import { addToCart, fillBillingInfo } from './store';

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
  section:
    | 'Dashboard'
    | 'Organizations'
    | 'Catalogue'
    | 'Bills'
    | 'Disputes'
    | 'Cancellation reasons'
    | 'Billing runs'
    | 'Audit log'
    | 'Reconcile'
    | 'Dunning'
    | 'Promotion codes',
) {
  await page
    .getByRole('navigation', { name: 'Operator console' })
    .getByRole('link', { name: section })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
}

/** The customer's side of a purchase with the sandbox card: cart, billing information, checkout. */
export async function buyWithCard(page: Page, product: string, plan: string, name: string) {
  await addToCart(page, product, name, plan);
  await checkOutWithCard(page);
}

/** From a filled cart of an organization without a card: the card given on the way, then confirmed. */
export async function checkOutWithCard(page: Page, cardNumber = '4242424242424242') {
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/ModifyBillingInfo\?returnUrl=%2Fcheckout/);
  await fillBillingInfo(page, cardNumber);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(page).toHaveURL(/\/confirmed$/);
}

/** Searches the console's Organizations for `text` (a name, an admin's e-mail or a license key). */
export async function searchOrganizations(ops: Page, text: string) {
  await ops.getByLabel('Name, e-mail or license key').fill(text);
  await ops.getByRole('button', { name: 'Search' }).click();
}

/** Judged at a desk's width and then a phone's. */
export async function judgeBothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await judgeScreen(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await judgeScreen(page, `ops-390-${name.replace(/^ops-/, '')}`);
  await page.setViewportSize({ width: 1280, height: 900 });
}
