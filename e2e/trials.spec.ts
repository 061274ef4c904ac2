import type { Page } from '@playwright/test';
import { signIn } from './support';
import { newOrganization, type Registered } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { moveDemoClock } from './support/billing-clock';
import { expect, screenshotPath, testWithServer } from './support/smtp';
import { addToCart, fillBillingInfo } from './support/store';

// Free trials (docs/decisions/043): the demo's Flex plans offer 14 days. A new organization, with no card
// on file, starts one from the product page: the page, the cart and the checkout say when it ends and what
// it costs then, nothing is charged and no card is asked for, and Subscriptions shows the same line. At
// its end (the server's demo clock moved in its own PostgreSQL database) a trial with a card converts and
// one without ends.

const test = testWithServer(
  () => 'trials',
  () => ({ BILLING_INTERVAL_SECONDS: '1' }),
);
test.describe.configure({ mode: 'serial' });

const TRIAL_LINE = /^Trial: ends [A-Z][a-z]{2} \d{1,2}, \d{4}, then \$[\d,]+\.\d{2} per year$/;

/** Axe-clean at a desk's width and at a phone's, where nothing scrolls sideways. */
async function checked(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The cart's one Flex trial bought at the checkout, which asks for no card. */
async function startTrial(page: Page, name: string) {
  await addToCart(page, 'Flex', name);
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('checkout-total')).toHaveText('$0.00');
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
}

/** The organization's Subscriptions screen, signed in again (a session does not outlive the clock's jump). */
async function subscriptionsOf(page: Page, r: Registered) {
  await signIn(page, { email: r.email, password: r.password }, '/Subscriptions');
}

test('a new organization starts a Flex trial without a card and sees it on Subscriptions', async ({
  page,
  mailServer,
}) => {
  test.setTimeout(60_000);
  const r = await newOrganization(page, mailServer, 'Trial Flex');
  await signIn(page, { email: r.email, password: r.password });

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
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();

  await page.goto('/Subscriptions');
  await expect(page.getByTestId(/^trial-\d+$/)).toHaveText(TRIAL_LINE);
  await checked(page, 'trial-subscriptions');

  // One trial per organization and plan: the same plan again is priced in full.
  await page.goto('/Products/Flex');
  await expect(page.getByTestId('form-total')).toHaveText('$1,609.20 / year');
  await expect(page.getByTestId('form-trial')).toHaveCount(0);
  await addToCart(page, 'Flex', 'More Flex');
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
  await expect(page.getByTestId('cart-item-trial')).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText('$1,609.20');
});

test('at its end a trial with a card converts and is charged; one without a card ends', async ({
  page,
  mailServer,
}) => {
  test.skip(!process.env.E2E_DATABASE_URL, 'moves the demo clock: needs E2E_DATABASE_URL');
  test.setTimeout(120_000);
  const carded = await newOrganization(page, mailServer, 'Trial Card');
  const cardless = await newOrganization(page, mailServer, 'Trial No Card');
  await signIn(page, { email: carded.email, password: carded.password }, '/ModifyBillingInfo');
  await fillBillingInfo(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Billing information updated successfully')).toBeVisible();
  await startTrial(page, 'Converting Flex');
  await signIn(page, { email: cardless.email, password: cardless.password });
  await startTrial(page, 'Ending Flex');

  // 3 days before the end the admins are told what will happen.
  const since = mailServer.smtp.received.length;
  await moveDemoClock(mailServer.databaseUrl, 11 + 1 / 24);
  const warned = await mailServer.waitForMail(
    cardless.email,
    /^Your free trial of Ending Flex ends on /,
    since,
  );
  expect(warned.text).toContain('with no card on file it will then end');

  await moveDemoClock(mailServer.databaseUrl, 14 + 1 / 24);
  await subscriptionsOf(page, carded);
  // The server bills every second; beside another spec's server doing the same on a busy machine,
  // converting (the first period charged through the sandbox) once took longer than 15 s.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Converting Flex')).toBeVisible();
    await expect(page.getByTestId(/^trial-\d+$/)).toHaveCount(0);
  }).toPass({ timeout: 40_000 });
  await page.goto('/BillingHistory');
  await expect(page.getByRole('row', { name: /\$1,609\.20/ })).toBeVisible();

  await subscriptionsOf(page, cardless);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^Cancelled [A-Z][a-z]{2} \d{1,2}, \d{4}$/).first()).toBeVisible();
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId(/^trial-\d+$/)).toHaveCount(0);
  await checked(page, 'trial-ended-subscriptions');
});
