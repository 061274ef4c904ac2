import { expect, type Page, test } from '@playwright/test';
import { RoleMessages } from '@store/core';
import { DEMO_PASSWORD, expectNoAxeViolations, loginDemo, signIn } from './support';

// What the Subscriptions screen says of a cancelled subscription and to a plain user. Read-only
// over the demo data.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

const openEditor = async (page: Page, name: string) => {
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  await expect(page.locator('[data-detail-open="true"] [data-testid^="editor-"]')).toHaveCount(1);
  await expect
    .poll(() => page.locator('[data-detail-open="true"]').evaluate((el) => el.getAnimations().length))
    .toBe(0);
};

test('a cancelled subscription shows no Next Billing Date, and its status is never cut off', async ({
  page,
}) => {
  await loginDemo(page, '/Subscriptions');
  const table = page.getByRole('table', { name: 'Subscriptions' });
  // The headers are read at once below, so first wait for the list to be there.
  await expect(table.getByRole('columnheader', { name: 'Next Billing Date' })).toBeVisible();
  const headers = await table.getByRole('columnheader').allTextContents();
  const nextBilling = headers.indexOf('Next Billing Date');
  const cancelled = table.getByRole('row').filter({ hasText: /Cancelled [A-Z][a-z]{2} \d{1,2}, \d{4}/ });
  await expect(cancelled).not.toHaveCount(0);
  for (const row of await cancelled.all())
    await expect(row.getByRole('cell').nth(nextBilling)).toHaveText('—');

  await openEditor(page, 'Production Engines');
  for (const row of await cancelled.all()) {
    const status = row.getByText(/^Cancelled /);
    expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await page.screenshot({ path: `${SCREENS}subscriptions-cancelled-open-editor.png`, fullPage: true });
});

test("a plain user's editor says that changing it needs the Licenses role", async ({ page }) => {
  await signIn(page, { email: 'jane.miller@example.com', password: DEMO_PASSWORD }, '/Subscriptions');
  await openEditor(page, 'Production Engines');
  const notice = page.getByTestId('admins-only');
  await expect(notice).toContainText(RoleMessages.required('licenses'));
  await expect(notice).toContainText('Your administrator');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}subscriptions-plain-user.png`, fullPage: true });
});
