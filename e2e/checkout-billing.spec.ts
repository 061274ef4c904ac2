import { registerAndSignIn } from './support/accounts';
import { expect, test, unique } from './support/smtp';

// Spec §4 "Proceed To Checkout": /checkout opened directly routes an admin without billing information
// like the button does, and once the card is added the buyer stays at checkout; Modify Billing Info
// then names the new card by its brand.

test('an admin without billing information is sent to add it, then stays at checkout', async ({
  page,
  mailServer,
}) => {
  const email = `${unique('buyer')}@example.com`;
  await registerAndSignIn(page, mailServer, {
    orgName: unique('No Card Org'),
    email,
    password: 'buyer-password',
  });

  await page.goto('/Products/Pro');
  await page.getByLabel('Subscription Name').fill('Direct checkout');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/Cart$/);

  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/ModifyBillingInfo\?returnUrl=%2Fcheckout$/);

  await page.getByLabel('Name on card').fill('Ava Owner');
  await page.getByLabel('State / Province').fill('Colorado');
  await page.getByLabel('Card Number').fill('5555 5555 5555 4444');
  await page.getByLabel('Expiration Date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('button', { name: 'Confirm Purchase' })).toBeEnabled();
  // Still here once the organization has been read again.
  await expect(page.getByTestId('checkout-total')).not.toHaveText('—');
  await expect(page).toHaveURL(/\/checkout$/);

  // The card on file is named by the brand its number shows.
  await page.goto('/ModifyBillingInfo');
  await expect(page.getByTestId('card-on-file')).toHaveText('Mastercard ending in 4444, expires 12/2034');
});
