import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './support';
import { newCustomer } from './support/accounts';
import { moveDemoClock, testWithBillingClock } from './support/billing-clock';
import { checkOutWithCard, openSection, operatorPage } from './support/ops-console';
import { screenshotPath } from './support/smtp';
import { addToCart, saveCard } from './support/store';

// Collections in the operator console (docs/decisions/029): a customer's two renewals are declined
// (the sandbox's 4000 0000 0000 9995 lacks funds), the operator finds a failed bill among the past-due
// ones, reads why the charge failed and its attempts, records a payment received by bank transfer
// after confirming the amount and the customer, and the bill reads Paid; the other is written off,
// then voided. The customer's Billing History says so. The renewals come due by moving the server's
// demo clock (what `npm run ops -- clock:advance` writes) in its own PostgreSQL database.

const test = testWithBillingClock('ops-collections');

const PASSWORD = 'collections-password';

async function atBothWidths(page: Page, name: string) {
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a declined renewal: the operator reads why, records a transfer, and the bill is paid', async ({
  page,
  browser,
  mailServer,
}) => {
  test.setTimeout(240_000);
  const { orgName, email } = await newCustomer(page, mailServer, 'Short Funds', PASSWORD);
  await addToCart(page, 'Artist', 'Studio seat', 'Artist Solo');
  await addToCart(page, 'Artist', 'Spare seat', 'Artist Solo');
  await checkOutWithCard(page);

  // The card on file now lacks funds; a year and a day on, the renewals are charged and declined.
  await saveCard(page, '4000 0000 0000 9995');
  const since = mailServer.smtp.received.length;
  await moveDemoClock(mailServer.databaseUrl, 367);
  // Declined, the renewal is not issued yet: the mail names it by its order.
  const notice = await mailServer.waitForMail(email, /^Payment failed for order \d+$/, since);
  const orderId = /order (\d+)$/.exec(notice.subject)![1]!;
  // What the renewal asked for, as the mail says it ("order 12 ($1,234.56)").
  const amount = new RegExp(`order ${orderId} \\((\\$[\\d,.]+)\\)`).exec(notice.text)![1]!;
  const typed = amount.replace(/[$,]/g, '');
  const money = amount.replace(/[$.]/g, (c) => `\\${c}`);

  // The operator finds it among the past-due bills.
  const ops = await operatorPage(browser, mailServer.url);
  await openSection(ops, 'Bills');
  const pastDue = ops.getByRole('table', { name: 'Bills: Past due' });
  const rows = pastDue.getByRole('row').filter({ hasText: orgName });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Past Due');
  const other = (await rows.getByRole('link', { name: /^Order \d+$/ }).allTextContents()).find(
    (name) => name !== `Order ${orderId}`,
  )!;
  await rows.getByRole('link', { name: `Order ${orderId}` }).click();
  await expect(ops.getByRole('heading', { level: 2, name: `Order ${orderId}` })).toBeVisible();

  // Why the charge failed, each attempt with the processor's words, and when it is tried again.
  await expect(ops.getByText('Decline reason', { exact: true })).toBeVisible();
  await expect(ops.getByText('Your card has insufficient funds. (insufficient_funds)').first()).toBeVisible();
  const attempts = ops.getByRole('table', { name: 'Payment attempts' });
  await expect(attempts.getByRole('row')).toHaveCount(2);
  await expect(attempts.getByRole('row').nth(1)).toContainText('declined');
  await expect(attempts.getByRole('row').nth(1)).toContainText('Your card has insufficient funds.');
  await expect(ops.getByText('Next retry', { exact: true })).toBeVisible();
  const collection = ops.getByRole('region', { name: 'Collection' });
  await expect(collection.getByRole('button', { name: 'Retry now' })).toBeVisible();
  await expect(collection.getByRole('button', { name: 'Write off' })).toBeVisible();
  await expectNoAxeViolations(ops);
  await atBothWidths(ops, 'ops-bill-declined');

  // A transfer arrived: recorded with its reference after confirming the amount and the customer.
  const record = ops.getByRole('form', { name: 'Record payment' });
  await record.getByLabel('Payment reference').fill('Wire 2027-118');
  await record.getByRole('button', { name: 'Record payment' }).click();
  const confirm = ops.getByRole('dialog');
  await expect(confirm).toContainText(
    new RegExp(`Record that ${orgName} paid order ${orderId}, ${money}, by 'Wire 2027-118'\\.`),
  );
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-bill-record-payment-confirm'), fullPage: true });
  await confirm.getByLabel('Bill total (USD)').fill(typed);
  await confirm.getByRole('button', { name: `Record ${amount} paid` }).click();

  // Paid, it takes its invoice number, which names it from then on.
  const heading = ops.getByRole('heading', { level: 2, name: /^\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  const invoiceNumber = (await heading.textContent())!;
  await expect(collection.getByRole('status')).toHaveText(
    new RegExp(`Bill ${invoiceNumber} is paid: ${money} received by 'Wire 2027-118'\\.`),
  );
  await expect(ops.getByText('Payment reference', { exact: true })).toBeVisible();
  await expect(ops.getByText('Wire 2027-118', { exact: true })).toBeVisible();
  await expect(ops.locator('.mantine-Badge-root').filter({ hasText: 'Paid' })).toBeVisible();
  // Paid: nothing is left to collect, and the bill can now be refunded.
  await expect(collection.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
  await expect(ops.getByRole('form', { name: 'Refund' })).toBeVisible();
  await expectNoAxeViolations(ops);
  await atBothWidths(ops, 'ops-bill-payment-recorded');

  // The other bill: the customer will not pay it. Written off, with why, after confirming.
  await openSection(ops, 'Bills');
  await pastDue.getByRole('link', { name: other }).click();
  const close = ops.getByRole('form', { name: 'Void or write off' });
  await close.getByLabel('Reason').fill('Customer closed the studio');
  await close.getByRole('button', { name: 'Write off' }).click();
  const writeOff = ops.getByRole('dialog');
  await expect(writeOff).toContainText(
    // Past due, it has no invoice number: the console links it as "Order N" and says "order N".
    new RegExp(`Write off order ${other.replace(/^Order /, '')} of ${orgName}, ${money}, as uncollectible`),
  );
  await writeOff.getByLabel('Bill total (USD)').fill(typed);
  await writeOff.getByRole('button', { name: `Write off ${amount}` }).click();
  await expect(collection.getByRole('status')).toContainText('is written off as uncollectible');
  await expect(ops.locator('.mantine-Badge-root').filter({ hasText: 'Uncollectible' })).toBeVisible();
  await expect(ops.getByText('Customer closed the studio', { exact: true })).toBeVisible();
  // Written off, it is never charged again: no Retry now; it can still be paid or voided.
  await expect(collection.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
  await expect(collection.getByRole('button', { name: 'Write off' })).toHaveCount(0);
  await expectNoAxeViolations(ops);
  await atBothWidths(ops, 'ops-bill-written-off');

  // Then forgiven after all: void.
  await close.getByLabel('Reason').fill('Forgiven after the studio closed');
  await close.getByRole('button', { name: 'Void bill' }).click();
  const voiding = ops.getByRole('dialog');
  await voiding.getByLabel('Bill total (USD)').fill(typed);
  await voiding.getByRole('button', { name: `Void ${amount}` }).click();
  await expect(collection.getByRole('status')).toContainText(`owes nothing on it`);
  await expect(ops.locator('.mantine-Badge-root').filter({ hasText: 'Void' })).toBeVisible();
  await expectNoAxeViolations(ops);
  await atBothWidths(ops, 'ops-bill-void');
  await ops.context().close();

  // The customer's Billing History says Paid and Void (their session of a year ago has ended).
  await signIn(page, { email: email, password: PASSWORD }, '/BillingHistory');
  const bills = page.getByRole('table', { name: 'Bills' });
  await expect(bills.locator('tbody tr').filter({ hasText: 'Void' })).toHaveCount(1);
  await expect(bills.locator('tbody tr').filter({ hasText: 'Paid' })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('billing-history-void'), fullPage: true });
});
