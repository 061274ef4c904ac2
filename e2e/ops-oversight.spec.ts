import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO_COMPANY, signInAsOperator } from './support';
import { judgeBothWidths, openSection } from './support/ops-console';
import { expect, test } from './support/smtp';

// The console's oversight (docs/decisions/032): the audit log filtered, reconcile while the server
// runs, search by an invoice number and by a card's last four, bills filtered and exported.

/** Clicks Export CSV and reads the file the browser saved. */
async function exportCsv(page: Page): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  return (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
}

/** Searches the Organizations screen and answers the names found. */
async function search(page: Page, q: string) {
  await openSection(page, 'Organizations');
  await page.getByLabel('Name, e-mail or license key').fill(q);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q)}`));
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  return page.getByRole('table', { name: 'Organizations found' });
}

test('an operator oversees the store: audit log, reconcile, search, bills', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsOperator(page);
  await page.goto('/ops');
  // The console is its own page: its header, not the shop's with its cart.
  await expect(page.getByRole('link', { name: 'Operator Console' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Shopping Cart/ })).toHaveCount(0);

  // The audit log, filtered by the kind of its newest change; the filter lives in the address.
  await openSection(page, 'Audit log');
  const log = page.getByRole('table', { name: 'Audit log' });
  const kind = (await log.getByRole('row').nth(1).locator('td:nth-child(4)').textContent())!;
  await page.getByRole('textbox', { name: 'Kind of change' }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  await expect(page).toHaveURL(/kind=/);
  // The list keeps the earlier rows on screen while the filtered ones load: wait until every row
  // shown is of the kind chosen.
  const kinds = log.getByRole('row').locator('td:nth-child(4)');
  await expect
    .poll(async () => {
      const cells = await kinds.allTextContents();
      return cells.length > 0 && cells.every((cell) => cell === kind);
    })
    .toBe(true);
  await judgeBothWidths(page, 'ops-audit');
  const entries = await exportCsv(page);
  expect(entries[0]).toBe('When (UTC),Organization id,Organization,Who,Address,What,Subject,Summary');
  expect(entries.length).toBeGreaterThan(1);
  expect(entries.slice(1).every((line) => line.includes(`,${kind},`))).toBe(true);

  // Reconcile while the server runs: the demo was charged through its sandbox, so it agrees.
  await openSection(page, 'Reconcile');
  await expect(page.getByText(/^Checked /)).toBeVisible();
  await expect(page.getByText('The gateway and the bills agree.')).toBeVisible();
  await judgeBothWidths(page, 'ops-reconcile');

  // Bills filtered by organization and status, then exported as they are listed.
  await openSection(page, 'Bills');
  await page.getByRole('radiogroup', { name: 'Show bills' }).getByText('All', { exact: true }).click();
  await expect(page).toHaveURL(/filter=all/);
  await page.getByRole('textbox', { name: 'Organization' }).fill('Demo Documents Inc');
  await page.getByRole('option', { name: DEMO_COMPANY }).click();
  await page.getByRole('textbox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  await expect(page).toHaveURL(/organizationId=\d+.*status=paid|status=paid.*organizationId=\d+/);
  const bills = page.getByRole('table', { name: 'Bills: All' });
  const rows = bills.getByRole('row');
  await expect(rows.nth(1)).toContainText(DEMO_COMPANY);
  for (const text of await rows.allTextContents())
    if (!text.startsWith('Bill')) expect(text).toContain('Paid');
  await judgeBothWidths(page, 'ops-bills-filtered');
  const exported = await exportCsv(page);
  expect(exported[0]).toBe(
    'Bill,Order id,Organization id,Organization,Kind,Status,Bill date,Due date,Total (USD)',
  );
  expect(exported.length).toBeGreaterThan(1);
  expect(
    exported.slice(1).every((line) => line.includes(`,${DEMO_COMPANY},`) && line.includes(',Paid,')),
  ).toBe(true);

  // A paid bill is named by its invoice number; searching that number finds its organization.
  const invoice = (await rows.nth(1).getByRole('link').first().textContent())!;
  expect(invoice).toMatch(/^\d{4}-\d{6}$/);
  const byInvoice = await search(page, invoice);
  await expect(byInvoice.getByRole('row')).toHaveCount(2);
  await expect(byInvoice).toContainText(DEMO_COMPANY);

  // And so does the card's last four.
  const byCard = await search(page, '4242');
  await expect(byCard.getByRole('link', { name: DEMO_COMPANY })).toBeVisible();
  await judgeBothWidths(page, 'ops-organizations-search');

  // The organization's page begins with its summary, and pages its bills.
  await byCard.getByRole('link', { name: DEMO_COMPANY }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Visa ending in 4242');
  await expect(summary).toContainText('MRR (USD)');
  await expect(page.getByRole('table', { name: 'Bills of the organization' })).toBeVisible();
  await judgeBothWidths(page, 'ops-organization-summary');
});
