import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, followPayBillsLink, signIn } from './support';
import { registerAndSignIn } from './support/accounts';
import { moveDemoClock, testWithBillingClock } from './support/billing-clock';
import { operatorPage } from './support/ops-console';
import { screenshotPath, unique } from './support/smtp';
import { addToCart, fillBillingInfo, saveCard } from './support/store';

// Dunning's pay-now page (docs/decisions/042): a renewal declined off-session is mailed with a link to
// Pay Bills and shown on the Subscriptions row; there the admin enters a new card that asks for 3-D
// Secure (4000 0027 6000 3184) and the bill is paid in the same step, after the bank's challenge.
// The operator sets the retry schedule and the reminders on the console's Dunning screen. The renewal
// comes due by moving the server's demo clock in its own PostgreSQL database.

const test = testWithBillingClock('pay-now');

test.describe.configure({ mode: 'serial', timeout: 400_000 });

const admin = {
  orgName: unique('Pay Now Co'),
  email: `${unique('paynow')}@example.com`,
  password: 'pay-now-password',
};

async function photograph(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a declined renewal is paid from the mailed link with a new 3-D Secure card, in one step', async ({
  page,
  mailServer,
}) => {
  await registerAndSignIn(page, mailServer, admin);
  await saveCard(page, '4242 4242 4242 4242');
  await addToCart(page, 'Artist', 'Dunned art');
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(page).toHaveURL(/\/confirmed$/);
  // Saved, and refused when charged: the renewal will be declined.
  await saveCard(page, '4000 0000 0000 0341');

  const since = mailServer.smtp.received.length;
  await moveDemoClock(mailServer.databaseUrl, 367);
  const notice = await mailServer.waitForMail(admin.email, /^Payment failed for order \d+$/, since);
  expect(notice.text).toContain('with the card on file or a new card');
  expect(notice.text).toMatch(/We will try the card again on /);
  // A year on, the session has expired: the link signs in first, then opens the pay-now page.
  await followPayBillsLink(page, notice, admin);
  const bills = page.getByRole('list', { name: 'Bills to pay' }).getByRole('listitem');
  await expect(bills).toHaveCount(1);
  await expect(
    page.getByText('Pay now with the card on file (Visa ending in 0341) or a new card.'),
  ).toBeVisible();
  await photograph(page, 'pay-now');

  await page.getByRole('button', { name: 'Pay with a new card' }).click();
  const panel = page.getByRole('region', { name: 'A new card' });
  await expect(panel.getByLabel('Card Number')).toBeVisible();
  await fillBillingInfo(page, '4000 0027 6000 3184');
  await photograph(page, 'pay-now-new-card');
  await panel.getByRole('button', { name: 'Save card and pay' }).click();
  // The card is saved; the bill is then paid with it on-session, and the bank asks.
  const challenge = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(challenge).toBeVisible();
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText(/^Bill paid: \$[\d,.]+ was charged to your card\.$/)).toBeVisible();
  await expect(page.getByText('You have no bills to pay.')).toBeVisible();
  await expect(
    page.getByText('Pay now with the card on file (Visa ending in 3184) or a new card.'),
  ).toBeVisible();

  // Paid, the subscription keeps running and its row no longer asks for payment.
  await page.goto('/Subscriptions');
  await expect(page.getByRole('button', { name: 'Edit Dunned art' })).toBeVisible();
  await expect(page.getByText(/^Payment failed: pay by /)).toHaveCount(0);
});

test('the Subscriptions row of an unpaid subscription says by when to pay and leads to the pay-now page', async ({
  page,
  mailServer,
}) => {
  await signIn(page, { email: admin.email, password: admin.password });
  await addToCart(page, 'Artist', 'Second art');
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  // The bank asks at checkout too (3184).
  const asks = page.getByRole('dialog', { name: 'Confirm your payment' });
  await asks.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/confirmed$/);

  const since = mailServer.smtp.received.length;
  await moveDemoClock(mailServer.databaseUrl, 367 + 366);
  // Off-session the bank refuses 3184: the decline mail asks the admin to authenticate on the page.
  await mailServer.waitForMail(admin.email, /^Please authenticate the payment of order \d+$/, since);
  await signIn(page, { email: admin.email, password: admin.password }, '/Subscriptions');
  const due = page
    .getByText(/^Payment failed: pay by \w{3} \d{1,2}, \d{4} to keep your license running/)
    .first();
  await expect(due).toBeVisible();
  await photograph(page, 'subscriptions-payment-failed');
  await due.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/PayBills$/);
  await expect(page.getByRole('list', { name: 'Bills to pay' }).getByRole('listitem').first()).toBeVisible();
});

test('the operator sets the retry schedule and the reminders on the Dunning screen', async ({
  browser,
  baseURL,
}) => {
  const op = await operatorPage(browser, baseURL);
  await op.goto('/ops');
  await op
    .getByRole('navigation', { name: 'Operator console' })
    .getByRole('link', { name: 'Dunning' })
    .click();
  await expect(op.getByRole('heading', { level: 2, name: 'Dunning' })).toBeVisible();
  const summary = op.getByTestId('dunning-summary');
  await expect(summary).toHaveText(
    'Retries on days 1, 3, 5, 7, 10, 13 of the 14-day grace; reminders at the decline, 7 days before deactivation, 2 days before deactivation.',
  );
  await photograph(op, 'ops-dunning');

  // A chip's checkbox is drawn by its label: the operator clicks the day as shown.
  const chip = (group: string, day: number) =>
    op
      .getByRole('group', { name: group })
      .locator('label')
      .filter({ hasText: new RegExp(`^${day}$`) });
  await chip('Retry days', 2).click();
  await chip('Retry days', 13).click();
  await op.getByRole('checkbox', { name: 'Mail the admins when the bill is first declined' }).uncheck();
  await chip('Days before deactivation', 7).click();
  await expect(op.getByRole('checkbox', { name: 'Retry days: day 2' })).toBeChecked();
  await expect(op.getByRole('checkbox', { name: 'Retry days: day 13' })).not.toBeChecked();
  await op.getByRole('button', { name: 'Save' }).click();
  await expect(op.getByText('Dunning settings saved.')).toBeVisible();
  await op.reload();
  await expect(summary).toHaveText(
    'Retries on days 1, 2, 3, 5, 7, 10 of the 14-day grace; reminders 2 days before deactivation.',
  );
});
