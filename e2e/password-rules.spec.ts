import { expect, test } from '@playwright/test';
import { PasswordMessages } from '@store/core';
import { expectNoAxeViolations, loginDemo } from './support';

// The password rules the server applies (length, the e-mail's and the organization's words, common
// passwords) show beside every new-password field before anything is typed. Changes nothing.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;
const newPassword = (page: import('@playwright/test').Page) =>
  page.getByRole('textbox', { name: 'Password', exact: true });

test('Register shows the rules beside the empty password field', async ({ page }) => {
  await page.goto('/register');
  await expect(newPassword(page)).toHaveValue('');
  await expect(newPassword(page)).toHaveAccessibleDescription(PasswordMessages.rules);
  await expect(page.getByText(PasswordMessages.rules)).toBeVisible();
});

test('Add New User and My Account show the rules before typing', async ({ page }) => {
  const me = await loginDemo(page, '/CreateAccount');
  await expect(newPassword(page)).toHaveAccessibleDescription(PasswordMessages.rules);
  await expectNoAxeViolations(page);

  await page.goto(`/Account/${me.person.personId}`);
  await page.getByRole('button', { name: 'Edit Password' }).click();
  await expect(newPassword(page)).toHaveAccessibleDescription(PasswordMessages.rules);
  await expect(page.getByText(PasswordMessages.rules)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}account-password-rules.png`, fullPage: true });
});

test('at 390 px the rules stay readable beside the field', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/register');
  await page.getByText(PasswordMessages.rules).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}390-register-password-rules.png` });
});
