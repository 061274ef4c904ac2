import { readFileSync } from 'node:fs';
import { newCustomer } from './support/accounts';
import { storedToken } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { buyWithCard } from './support/ops-console';
import { expect, screenshotPath, test } from './support/smtp';

// Refunds and credit notes (docs/design.md §3, docs/decisions/016): the customer gives a tax id on Modify
// Billing Info, the operator refunds part of the paid bill from the console's bill page, and the
// customer finds the credit note as a row of its own in Billing History and downloads it.

test('a refunded bill shows its credit note in Billing History, and the tax id is kept with the billing information', async ({
  page,
  ops,
  mailServer,
}) => {
  test.setTimeout(180_000);
  await newCustomer(page, mailServer, 'Refunded');
  await buyWithCard(page, 'Pro', 'Pro Standard', 'Refunded engine');

  // Modify Billing Info carries the tax id, saved with the billing update.
  await page.getByRole('button', { name: 'Ava Owner' }).click();
  await page.getByRole('menuitem', { name: 'Modify Billing Information' }).click();
  const taxId = page.getByLabel('Tax / VAT ID');
  await expect(taxId).toBeVisible();
  await taxId.fill('US 12-3456789');
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Expiration Date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('billing-info-tax-id'), fullPage: true });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(
    page
      .getByRole('alert')
      .or(page.getByRole('status'))
      .filter({ hasText: /updated/i }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Tax / VAT ID')).toHaveValue('US 12-3456789');

  // The operator refunds $10.00 of the purchase.
  const customerToken = await storedToken(page);
  const history = await page.request.get('/api/order/history', {
    headers: { authorization: `Bearer ${customerToken}` },
  });
  const [bill] = (await history.json()) as { orderId: number }[];
  await ops.goto(`/ops/bills/${bill!.orderId}`);
  // Paid, the bill is named by its invoice number, in its heading and in every message about it.
  const heading = ops.getByRole('heading', { level: 2, name: /^\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  const invoiceNumber = (await heading.textContent())!;
  const refundForm = ops.getByRole('form', { name: 'Refund' });
  await expect(refundForm.getByText(/is left to refund, to the card that paid/)).toBeVisible();
  // A paid bill has nothing left to collect: no Record payment, no Retry now on it.
  await expect(ops.getByRole('form', { name: 'Record payment' })).toHaveCount(0);
  await expect(ops.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
  // The amount starts empty; more than is left is refused, never cut to it.
  const amount = refundForm.getByLabel('Refund amount (USD)');
  await expect(amount).toHaveValue('');
  await amount.fill('7873');
  await refundForm.getByLabel('Reason').fill('Goodwill');
  await amount.blur();
  await expect(
    refundForm.getByText(`A refund of $7,873.00 is more than bill ${invoiceNumber} has left to refund`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(amount).toHaveValue('7873');
  await expect(refundForm.getByRole('button', { name: 'Refund' })).toBeDisabled();
  await amount.fill('10');
  await expectNoAxeViolations(ops);
  await refundForm.getByRole('button', { name: 'Refund' }).click();
  // Nothing is sent before the operator confirms the amount and the customer.
  const confirm = ops.getByRole('dialog');
  await expect(confirm).toContainText(
    new RegExp(
      `Refund \\$10\\.00 of bill ${invoiceNumber} to Refunded Org[^,]*, to the card that paid it\\.`,
    ),
  );
  await expectNoAxeViolations(ops);
  await ops.screenshot({ path: screenshotPath('ops-refund-confirm'), fullPage: true });
  await confirm.getByLabel('Amount to refund (USD)').fill('10.00');
  await confirm.getByRole('button', { name: 'Refund $10.00' }).click();
  const stated = refundForm.getByRole('status');
  await expect(stated).toContainText(
    new RegExp(`Refunded \\$10\\.00 of bill ${invoiceNumber}; credit note \\d{4}-\\d{6} issued\\.`),
  );
  const number = /credit note (\d{4}-\d{6})/.exec((await stated.textContent()) ?? '')![1]!;
  const refunds = ops.getByRole('table', { name: 'Refunds' });
  await expect(refunds.getByRole('row', { name: new RegExp(number) })).toContainText('Goodwill');
  await ops.screenshot({ path: screenshotPath('ops-bill-refund'), fullPage: true });
  await ops.context().close();

  // The customer sees it as a row of its own and downloads credit_note_{number}.pdf.
  await page.getByRole('button', { name: 'Ava Owner' }).click();
  await page.getByRole('menuitem', { name: 'Billing History' }).click();
  const table = page.getByRole('table', { name: 'Bills' });
  const note = table.locator(`tr[data-credit-note="${number}"]`);
  await expect(note.locator('td').nth(2)).toHaveText('Credit Note');
  await expect(note.locator('td').nth(3)).toHaveText('-$10.00');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('billing-history-credit-note'), fullPage: true });
  const downloading = page.waitForEvent('download');
  await note.getByRole('button', { name: /^credit note/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`credit_note_${number}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});
