import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo } from './support';
import { openSection, operatorPage } from './support/ops-console';
import { screenshotPath } from './support/smtp';
import { editor, licenseSection } from './support/subscription-editor';

// Entitlements (docs/decisions/039): the customer sees the features in force in the License section;
// the operator edits a plan's entitlements as chips in the console's plan form. Only the demo's
// 'Production Engines' (Pro Business, read) and the 'Artist Studio' plan (edited) are touched.

for (const width of [1280, 390]) {
  test(`the License section lists the entitlements in force (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await loginDemo(page, '/Subscriptions');
    await page.getByRole('button', { name: 'Edit Production Engines', exact: true }).click();
    await expect(editor(page).getByLabel('Subscription Name')).toHaveValue('Production Engines');
    const list = licenseSection(page).getByRole('list', { name: 'Entitlements' });
    await expect(list.getByRole('listitem')).toHaveText([
      'barcodes',
      'max-pages-per-document=2000',
      'ocr',
      'pdf-a',
    ]);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page);
    await licenseSection(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`entitlements-license-${width}`), fullPage: true });
  });
}

test("the operator edits a plan's entitlements as chips, from the keyboard; a bad one is named", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const ops = await operatorPage(browser, baseURL);
  await ops.goto('/ops');
  await openSection(ops, 'Catalogue');
  const product = ops.getByRole('region', { name: 'Artist', exact: true });
  await product.getByRole('button', { name: 'Edit plan Artist Studio' }).click();
  const dialog = ops.getByRole('dialog');
  await expect(dialog.getByText('Edit plan Artist Studio')).toBeVisible();

  const input = dialog.getByRole('textbox', { name: 'Entitlements' });
  const chips = dialog.locator('.mantine-TagsInput-pill');
  await expect(chips).toHaveText(['ocr', 'pdf-a']);
  await input.focus();
  await ops.keyboard.type('PDF-X');
  await ops.keyboard.press('Enter');
  await expect(dialog.getByText('Entitlement "PDF-X": a name is 1 to 40 lowercase letters')).toBeVisible();
  await ops.keyboard.press('Backspace');
  await expect(dialog.getByText(/Entitlement "PDF-X"/)).toHaveCount(0);
  await ops.keyboard.type('batch-export,max-pages-per-document=300');
  await ops.keyboard.press('Enter');
  await expect(chips).toHaveText(['ocr', 'pdf-a', 'batch-export', 'max-pages-per-document=300']);
  await expectNoAxeViolations(ops);
  for (const width of [1280, 390]) {
    await ops.setViewportSize({ width, height: 900 });
    await ops.screenshot({ path: screenshotPath(`entitlements-plan-form-${width}`), fullPage: true });
  }
  await ops.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'Plan Artist Studio saved' })).toBeVisible();

  await product.getByRole('button', { name: 'Edit plan Artist Studio' }).click();
  // Saved in name order, as every answer and file carries them.
  await expect(ops.getByRole('dialog').locator('.mantine-TagsInput-pill')).toHaveText([
    'batch-export',
    'max-pages-per-document=300',
    'ocr',
    'pdf-a',
  ]);
  await ops.context().close();
});
