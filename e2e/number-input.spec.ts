import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoAxeViolations, signIn } from './support';

// Numbers typed or pasted with a decimal point or a decimal comma, in the product form and the
// subscription editor (docs/spec.md §5): engines and designers round to a whole number, Max Overages to
// cents, and a non-number becomes 0. On a phone, where such numbers are most often pasted.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

test.use({ viewport: { width: 390, height: 844 } });

async function leave(page: Page, label: string) {
  await page.getByLabel(label).blur();
}

test('the product form rounds engines and designers and reads 12,50 as $12.50', async ({ page }) => {
  await page.goto('/Products/Pro');
  await expect(page.getByLabel('Number Of Engines')).toHaveValue('1');
  await page.getByLabel('Number Of Engines').fill('2.6');
  await leave(page, 'Number Of Engines');
  await expect(page.getByLabel('Number Of Engines')).toHaveValue('3');
  await page.getByLabel('Number Of Designers').fill('1.5');
  await leave(page, 'Number Of Designers');
  await expect(page.getByLabel('Number Of Designers')).toHaveValue('2');
  // Pro Standard: ($250 × 3 engines + $45 × 2 designers) × 12 × 0.9
  await expect(page.getByTestId('form-total')).toHaveText('$9,072.00 / year');

  await page.getByLabel('Max Overages').fill('12,50');
  await leave(page, 'Max Overages');
  await expect(page.getByLabel('Max Overages')).toHaveValue('$12.50');
  // Typed key by key, the comma is the decimal comma too.
  await page.getByLabel('Max Overages').fill('');
  await page.getByLabel('Max Overages').pressSequentially('7,5');
  await leave(page, 'Max Overages');
  await expect(page.getByLabel('Max Overages')).toHaveValue('$7.50');

  // Cleared fields show what they count as.
  await page.getByLabel('Number Of Designers').fill('');
  await leave(page, 'Number Of Designers');
  await expect(page.getByLabel('Number Of Designers')).toHaveValue('0');
  await page.getByLabel('Max Overages').fill('');
  await leave(page, 'Max Overages');
  await expect(page.getByLabel('Max Overages')).toHaveValue('$0.00');
  await expect(page.getByTestId('form-total')).toHaveText('$8,100.00 / year');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}390-product-rounded.png`, fullPage: true });
});

test('Flex: 2.7 additional designers are 3, not 27', async ({ page }) => {
  await page.goto('/Products/Flex');
  const designers = page.getByLabel('Additional Designers');
  await designers.fill('2.7');
  await designers.blur();
  await expect(designers).toHaveValue('3');
});

test('the subscription editor rounds engines and designers and reads 12,50 as $12.50', async ({ page }) => {
  await signIn(page, { email: 'qa.subscriptions@example.com', password: DEMO_PASSWORD }, '/Subscriptions');
  await page.getByRole('button', { name: 'Edit QA Edit Me', exact: true }).click();
  const e = page.locator('[data-detail-open="true"] [data-testid^="editor-"]');
  await expect(e.getByLabel('Subscription Name')).toHaveValue('QA Edit Me');

  await e.getByLabel('Number Of Engines').fill('2.6');
  await e.getByLabel('Number Of Engines').blur();
  await expect(e.getByLabel('Number Of Engines')).toHaveValue('3');
  await expect(e.getByTestId('new-fee')).toContainText('$750.00 / month');
  await e.getByLabel('Number Of Designers').fill('1.5');
  await e.getByLabel('Number Of Designers').blur();
  await expect(e.getByLabel('Number Of Designers')).toHaveValue('2');
  await e.getByLabel('Number Of Designers').fill('');
  await e.getByLabel('Number Of Designers').blur();
  await expect(e.getByLabel('Number Of Designers')).toHaveValue('0');

  await e.getByLabel('Max Overages').fill('12,50');
  await e.getByLabel('Max Overages').blur();
  await expect(e.getByLabel('Max Overages')).toHaveValue('$12.50');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}390-editor-rounded.png`, fullPage: true });
});
