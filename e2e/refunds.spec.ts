import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { registerAndVerify } from './support/accounts';
import { login, storedToken } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { buyWithCard, operatorPage } from './support/ops-console';
import { expect, screenshotPath, test, unique } from './support/smtp';

// Refunds and credit notes (DESIGN.md §3, docs/decisions/016): the customer gives a tax id on Modify
// Billing Info, the operator refunds part of a paid bill, and the customer finds the credit note as a
// row of its own in Billing History and downloads it.

/** The operator's refund through the API, as the console sends it (bearer, XSRF echo, a fresh key). */
async function refundAsOperator(ops: Page, orderId: number, amount: number, reason: string) {
  const token = await storedToken(ops);
  const xsrf = (await ops.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await ops.request.post(`/api/ops/bills/${orderId}/refunds`, {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, 'idempotency-key': unique('refund') },
    data: { amount, reason },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { refund: { creditNoteNumber: string }; message: string };
}

test('a refunded bill shows its credit note in Billing History, and the tax id is kept with the billing information', async ({
  page,
  browser,
  baseURL,
  mailServer,
}) => {
  test.setTimeout(180_000);
  const email = `${unique('refunded')}@example.com`;
  await registerAndVerify(page, mailServer, {
    orgName: unique('Refunded Org'),
    email,
    password: 'refund-password',
  });
  await login(page, email, 'refund-password');
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
  const ops = await operatorPage(browser, baseURL);
  const refunded = await refundAsOperator(ops, bill!.orderId, 10, 'Goodwill');
  const number = refunded.refund.creditNoteNumber;
  expect(refunded.message).toBe(`Refunded $10.00 of bill #${bill!.orderId}; credit note ${number} issued.`);
  await ops.context().close();

  // The customer sees it as a row of its own and downloads credit_note_{number}.pdf.
  await page.getByRole('button', { name: 'Ava Owner' }).click();
  await page.getByRole('menuitem', { name: 'Billing History' }).click();
  const table = page.getByRole('table', { name: 'Bills' });
  const note = table.locator(`tr[data-credit-note="${number}"]`);
  await expect(note.locator('td').nth(1)).toHaveText('Credit Note');
  await expect(note.locator('td').nth(2)).toHaveText('-$10.00');
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
