import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, followPayBillsLink, signIn } from './support';
import { registerAndSignIn } from './support/accounts';
import { moveDemoClock, testWithBillingClock } from './support/billing-clock';
import { screenshotPath, unique } from './support/smtp';
import { addToCart, saveCard } from './support/store';

// 3-D Secure in the browser (docs/decisions/024), the sandbox behaving as Stripe's test cards:
// 4000 0027 6000 3184 asks on every charge, 4000 0025 0000 3155 unless set up for off-session use.
// Checkout shows the sandbox's challenge, completed or abandoned; a renewal the bank refused until
// the cardholder authenticates mails a link to Pay Bills, where the bill is paid after the challenge.
// The renewal comes due by moving the server's demo clock (what `npm run ops -- clock:advance` writes)
// in its own PostgreSQL database.

const test = testWithBillingClock('three-d-secure');

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PASSWORD = 'card-holder-password';
const admin = {
  orgName: unique('Secure Bank Co'),
  email: `${unique('secure')}@example.com`,
  password: PASSWORD,
};

/** An Artist plan in the cart, then Confirm Purchase: the bank's challenge opens. */
async function checkoutAsks(page: Page, name: string) {
  await addToCart(page, 'Artist', name);
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  const challenge = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(challenge).toBeVisible();
  return challenge;
}

async function subscriptionNames(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').token);
  const list = await page.request.get('/api/subscription/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await list.json()).map((s: { description: string }) => s.description);
}

test('checkout with 4000 0027 6000 3184: the challenge completed buys, abandoned buys nothing', async ({
  page,
  mailServer,
}) => {
  await registerAndSignIn(page, mailServer, admin);
  await saveCard(page, '4000 0027 6000 3184');

  const challenge = await checkoutAsks(page, 'Authenticated art');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('three-d-secure-challenge'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('three-d-secure-challenge-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/confirmed$/);
  expect(await subscriptionNames(page)).toContain('Authenticated art');

  const again = await checkoutAsks(page, 'Abandoned art');
  await again.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The payment was not completed. Nothing was charged' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await subscriptionNames(page)).not.toContain('Abandoned art');

  // Failed at the bank: refused in Stripe's words.
  const failing = await checkoutAsks(page, 'Failed art');
  await failing.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'We are unable to authenticate your payment method' }),
  ).toBeVisible();
  expect(await subscriptionNames(page)).not.toContain('Failed art');
});

test('checkout with 4000 0025 0000 3155 asks too (on-session): completed, and closed with Escape', async ({
  page,
}) => {
  await signIn(page, { email: admin.email, password: admin.password });
  await saveCard(page, '4000 0025 0000 3155');
  const challenge = await checkoutAsks(page, 'Set-up art');
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/confirmed$/);

  await checkoutAsks(page, 'Closed art');
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The payment was not completed. Nothing was charged' }),
  ).toBeVisible();
  const names = await subscriptionNames(page);
  expect(names).toContain('Set-up art');
  expect(names).not.toContain('Closed art');
});

test('a renewal the bank refuses until authenticated is paid from the mailed Pay Bills link', async ({
  page,
  mailServer,
}) => {
  const { smtp } = mailServer;
  await signIn(page, { email: admin.email, password: admin.password });
  await saveCard(page, '4000 0027 6000 3184');
  const since = smtp.received.length;
  // A year and a day on: every annual subscription bought above renews, off-session.
  await moveDemoClock(mailServer.databaseUrl, 367);
  const notice = await mailServer.waitForMail(
    admin.email,
    /^Please authenticate the payment of order \d+$/,
    since,
  );
  // The sessions of a year ago have expired: the link asks for sign-in first, then opens the page.
  await followPayBillsLink(page, notice, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Bills' })).toBeVisible();
  const bills = page.getByRole('list', { name: 'Bills to pay' }).getByRole('listitem');
  await expect(bills.first()).toBeVisible();
  const count = await bills.count();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('pay-bills'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('pay-bills-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await bills
    .first()
    .getByRole('button', { name: /^Pay order \d+$/ })
    .click();
  const challenge = page.getByRole('dialog', { name: 'Confirm your payment' });
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText(/^Bill paid: \$[\d,.]+ was charged to your card\.$/)).toBeVisible();
  await expect(bills).toHaveCount(count - 1);
});
