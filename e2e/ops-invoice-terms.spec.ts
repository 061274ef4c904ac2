import type { Page } from '@playwright/test';
import { newCustomer } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { searchOrganizations } from './support/ops-console';
import { expect, screenshotPath, testWithServer } from './support/smtp';
import { addToCart } from './support/store';

// Payment terms of an invoice customer (docs/decisions/030): the operator bills an organization by
// invoice on net 30 from its page, behind a confirmation that names the customer and the change; the
// customer's next bill is an invoice, mailed, and due 30 days after its date in Billing History.

// Invoices are mailed by the billing scheduler: a tick every second, so the mail comes at once.
const test = testWithServer(
  () => 'ops-invoice-terms',
  () => ({ BILLING_INTERVAL_SECONDS: '1' }),
);

/** The page at a desk's width and at a phone's, each photographed; axe-clean at both. */
async function photographed(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an operator sets an invoice customer’s payment terms to net 30', async ({ page, ops, mailServer }) => {
  test.setTimeout(180_000);
  const { orgName, email } = await newCustomer(page, mailServer, 'Net Terms');

  await ops.goto('/ops/organizations');
  await searchOrganizations(ops, email);
  await ops.getByRole('table', { name: 'Organizations found' }).getByRole('link', { name: orgName }).click();
  await expect(ops.getByRole('heading', { level: 2, name: orgName })).toBeVisible();

  const terms = ops.getByRole('region', { name: 'Terms', exact: true });
  const paymentTerms = terms.getByLabel('Payment terms');
  await expect(paymentTerms).toHaveValue('14');
  await terms.getByLabel('Billed by invoice').check();
  // Reached from the keyboard, as every control of the form.
  await terms.getByLabel('Billed by invoice').press('Tab');
  await expect(paymentTerms).toBeFocused();
  await paymentTerms.selectOption({ label: 'Net 30' });
  await photographed(ops, 'ops-invoice-terms');

  const sent = ops.waitForRequest((r) => r.url().endsWith('/terms') && r.method() === 'PUT');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  const confirm = ops.getByRole('dialog');
  await expect(confirm).toContainText(
    `Payment terms of ${orgName}: net 14 → net 30. Invoices issued from now on are due net 30; those already issued keep their due date.`,
  );
  await photographed(ops, 'ops-invoice-terms-confirm');
  await confirm.getByLabel('Organization name').fill(orgName);
  await confirm.getByRole('button', { name: 'Save terms' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ invoiceTerms: true, paymentTermsDays: 30 });
  await expect(ops.getByRole('status').filter({ hasText: `Terms of ${orgName} saved` })).toBeVisible();

  await ops.reload();
  await expect(terms.getByLabel('Payment terms')).toHaveValue('30');
  await expect(terms.getByLabel('Billed by invoice')).toBeChecked();
  // Unchanged terms ask nothing of them in the confirmation.
  await terms.getByLabel('Discount (%)').fill('5');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(ops.getByRole('dialog')).not.toContainText('Payment terms of');
  await ops.context().close();

  // The customer's purchase is invoiced: the invoice is mailed, and Billing History says when it is due.
  const since = mailServer.smtp.received.length;
  // Billed by invoice, the customer checks out without a card.
  await addToCart(page, 'Artist', 'Invoiced seat', 'Artist Solo');
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect(page).toHaveURL(/\/confirmed$/);
  const mail = await mailServer.waitForMail(email, /^Invoice \d{4}-\d{6}: \$[\d,.]+ due /, since);
  const due = /due (\w+ \d{2}, \d{4})$/.exec(mail.subject)![1]!;
  const dueDate = new Date(`${due} UTC`);
  const shown = `${String(dueDate.getUTCMonth() + 1).padStart(2, '0')}-${String(dueDate.getUTCDate()).padStart(2, '0')}-${String(dueDate.getUTCFullYear()).slice(2)}`;
  await page.goto('/BillingHistory');
  const row = page.getByRole('table', { name: 'Bills' }).getByRole('row').nth(1);
  await expect(row).toContainText('Invoiced');
  await expect(row).toContainText(`Due ${shown}`);
  await photographed(page, 'billing-history-invoice-due');
});
