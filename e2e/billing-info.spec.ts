import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo } from './support';

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

// Modify Billing Info (docs/spec.md §2, §5). Nothing is saved here: the demo organization keeps its card.

test('the read-only panel names the card on file; a disabled Update always shows why', async ({ page }) => {
  await loginDemo(page, '/ModifyBillingInfo');
  await expect(page.getByTestId('card-on-file')).toHaveText('Visa ending in 4242, expires 12/2030');
  const update = page.getByRole('button', { name: 'Update' });
  // Before anything is touched, the disabled Update already says what it waits for.
  await expect(update).toBeDisabled();
  await expect(update).toHaveAccessibleDescription(
    'Enter the card number, expiration date and CVC to update.',
  );

  // A field emptied shows its message at once (dirty), not only after typing and leaving.
  await page.getByLabel('Address 1').fill('');
  await expect(page.getByText('Address 1 is required', { exact: true })).toBeVisible();
  await expect(update).toBeDisabled();
  await expect(page.getByTestId('billing-update-why')).toHaveText(
    'Fill in the fields marked * and the card to update.',
  );
  await page.getByLabel('Address 1').fill('Main Street 1');

  // The country can be emptied again, and then says so.
  await page.getByLabel('Country').selectOption({ label: 'Choose a country' });
  await expect(page.getByText('Country is required', { exact: true })).toBeVisible();
  await expect(update).toBeDisabled();

  // Touched and left empty, a card field says it is required.
  await page.getByLabel('Card Number').focus();
  await page.getByLabel('Card Number').blur();
  await expect(page.getByText('Card Number is required')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}modify-billing-info.png`, fullPage: true });
});
