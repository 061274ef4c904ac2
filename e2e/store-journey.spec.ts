import { expect, test } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SUB_ACCOUNT, expectNoAxeViolations, signIn } from './support';
import { addToCart, CARD_HOLDERS, fillBillingInfo, saveCard } from './support/store';

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

// The money path in the browser. Serial: the journey finds 'Demo Documents Europe' without billing
// information (the seed's state) and gives it a card; the failure paths then use that organization.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('a new visitor goes from a product page to a paid subscription', async ({ page }) => {
  await page.goto('/Products/Pro');
  await page
    .getByTestId('pricing-table')
    .getByRole('row', { name: /Pro Business/ })
    .click();
  await page.getByLabel('Subscription Name').fill('Journey engines');
  await page.getByLabel('Number Of Engines').fill('2');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('data-valid', 'true');
  await page.getByRole('button', { name: 'Add to cart' }).click();

  await expect(page).toHaveURL(/\/Cart$/);
  await expect(page.getByRole('link', { name: /Shopping Cart,? ?1 item/ })).toBeVisible();
  await expect(page.getByTestId('cart-item')).toContainText('Journey engines');
  await expect(page.getByTestId('cart-item')).toContainText('Extra designers: 0');
  // (450 × 2) × 12 × 0.9 = 9,720.00, no organization discount yet
  await expect(page.getByTestId('cart-item-price')).toHaveText('$9,720.00 / year');
  await page.reload();
  await expect(page.getByText('Total (1 item)')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}cart.png`, fullPage: true });

  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fcheckout/);
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Company').selectOption({ label: DEMO_SUB_ACCOUNT });
  await page.getByRole('button', { name: 'Login' }).click();
  // Signing in returns to checkout, which asks for billing information first (Europe has none) and
  // replaces itself in the history, so the address that stays is the billing form's.
  await expect(page).toHaveURL(/\/ModifyBillingInfo\?returnUrl=%2Fcheckout$/);
  // The cart survived signing in, and proceeding from it asks for billing information too.
  await page.goto('/Cart');
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/ModifyBillingInfo\?returnUrl=%2Fcheckout/);

  // Update stays disabled until the form and all three card fields are complete.
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await fillBillingInfo(page, '4242 4242 4242 4241', CARD_HOLDERS.erik);
  await page.getByLabel('CVC').focus();
  await expect(page.getByText('Your card number is incorrect.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await page.getByLabel('Card Number').fill('');
  await page.getByLabel('Card Number').blur();
  await expect(page.getByText('Card Number is required')).toBeVisible();
  let sentBody = '';
  page.on('request', (r) => {
    if (r.url().includes('/api/organization/billing_info')) sentBody = r.postData() ?? '';
  });
  await page.getByLabel('Card Number').fill('4242424242424242');
  await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}billing-info.png`, fullPage: true });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Billing information updated successfully')).toBeVisible();
  // The card number never left the browser: only Stripe's test payment method did.
  expect(sentBody).toContain('"sourceId":"pm_card_visa"');
  expect(sentBody).not.toContain('4242424242424242');

  await expect(page.getByTestId('checkout-total')).toHaveText('$9,720.00');
  await expect(
    page.getByText('A renewed subscription is deactivated if payment is not received within 14 days.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Subscriptions', exact: true }).last()).toHaveAttribute(
    'href',
    '/Subscriptions',
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}checkout.png`, fullPage: true });

  const purchase = page.waitForRequest((r) => r.url().endsWith('/api/subscription/new'));
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  const sent = await purchase;
  expect(sent.headers()['idempotency-key']).toBeTruthy();
  expect(sent.headers()['x-expected-total']).toBe('972000');
  await expect(page).toHaveURL(/\/confirmed$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText('Subscription purchased successfully')).toBeVisible();
  // The confirmation empties the stored cart in an effect, which runs once the page has painted.
  await expect
    .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '{}').items)
    .toEqual([]);
  await expect(page.getByRole('link', { name: /Shopping Cart,? ?0 items/ })).toBeVisible();

  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').token);
  const list = await page.request.get('/api/subscription/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(list.status()).toBe(200);
  expect((await list.json()).map((s: { description: string }) => s.description)).toContain('Journey engines');
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/Subscriptions$/);
  await expect(page.getByText('Journey engines')).toBeVisible();
});

test('an empty cart offers the catalog and cannot proceed', async ({ page }) => {
  await page.goto('/Cart');
  await expect(page.getByTestId('cart-empty')).toContainText('There is nothing in your shopping cart.');
  await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Empty shopping cart' })).toBeDisabled();
  await expect(page.getByText('Total (0 items)')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
});

test('a declined card buys nothing and shows the gateway message', async ({ page }) => {
  await signIn(page, { email: DEMO_EMAIL, password: DEMO_PASSWORD, company: DEMO_SUB_ACCOUNT });
  await saveCard(page, '4000 0000 0000 0341', CARD_HOLDERS.erik);
  await addToCart(page, 'Artist', 'Declined designer');
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/subscription/new'));
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  expect((await answer).status()).toBe(402);
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').token);
  const list = await page.request.get('/api/subscription/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await list.json()).map((s: { description: string }) => s.description)).not.toContain(
    'Declined designer',
  );

  // Back to a working card, so the next test (and anyone after) finds the organization as it was.
  await saveCard(page, '4242 4242 4242 4242', CARD_HOLDERS.erik);
});

test('a double-clicked Confirm Purchase makes one order and one charge', async ({ page }) => {
  await signIn(page, { email: DEMO_EMAIL, password: DEMO_PASSWORD, company: DEMO_SUB_ACCOUNT });
  await page.evaluate(() => localStorage.removeItem('cart'));
  await addToCart(page, 'Artist', 'Double click designer');
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-total')).not.toHaveText('—');
  const answers: { key: string; orderId: number }[] = [];
  page.on('response', async (r) => {
    if (r.url().endsWith('/api/subscription/new'))
      answers.push({ key: r.request().headers()['idempotency-key']!, orderId: (await r.json()).orderId });
  });
  await page.getByRole('button', { name: 'Confirm Purchase' }).dblclick();
  await expect(page).toHaveURL(/\/confirmed$/);
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
  expect(new Set(answers.map((a) => a.key)).size).toBe(1);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').token);
  const list = await page.request.get('/api/subscription/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(
    (await list.json()).filter((s: { description: string }) => s.description === 'Double click designer'),
  ).toHaveLength(1);
});
