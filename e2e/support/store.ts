import { expect, type Page } from '@playwright/test';

/** Puts a product in the cart from its page: the plan picked in the pricing table (else the page's own), a name, the terms agreed. */
export async function addToCart(page: Page, product: string, name: string, plan?: string) {
  await page.goto(`/Products/${product}`);
  if (plan)
    await page
      .getByTestId('pricing-table')
      .getByRole('row', { name: new RegExp(plan) })
      .click();
  await page.getByLabel('Subscription Name').fill(name);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/Cart$/);
}

/** Who the cards the specs type in belong to, and where they are billed. */
export const CARD_HOLDERS = {
  ava: {
    name: 'Ava Owner',
    addr1: '10 Downing Lane',
    city: 'Boulder',
    state: 'CO',
    country: 'US',
    zip: '80301',
  },
  erik: {
    name: 'Erik Jansen',
    addr1: 'Keizersgracht 62',
    city: 'Amsterdam',
    state: 'Noord-Holland',
    country: 'NL',
    zip: '1015 CS',
  },
};

/** Modify Billing Information's fields as a customer types them, with the sandbox's card fields. */
export async function fillBillingInfo(page: Page, cardNumber: string, holder = CARD_HOLDERS.ava) {
  await page.getByLabel('Name on card').fill(holder.name);
  await page.getByLabel('Address 1').fill(holder.addr1);
  await page.getByLabel('City').fill(holder.city);
  await page.getByLabel('State / Province').fill(holder.state);
  await page.getByLabel('Country').selectOption(holder.country);
  await page.getByLabel('Zip/Postal Code').fill(holder.zip);
  await page.getByLabel('Card Number').fill(cardNumber);
  await page.getByLabel('Expiration Date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

/** Saves a card on Modify Billing Information, as the admin does. */
export async function saveCard(page: Page, cardNumber: string, holder = CARD_HOLDERS.ava) {
  await page.goto('/ModifyBillingInfo');
  await fillBillingInfo(page, cardNumber, holder);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Billing information updated successfully')).toBeVisible();
}
