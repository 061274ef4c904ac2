import { Rights, ROLES, RoleMessages } from '@store/core';
import { registerAndSignIn } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, screenshotPath, test, unique } from './support/smtp';

// docs/decisions/033: the Users screen shows each person's roles and lets an admin tick them, one
// checkbox per role with the sentence of what it allows; the last admin keeps the admin role.

test('an admin gives roles on Add New User and on the Users screen; the last admin keeps theirs', async ({
  page,
  mailServer,
}) => {
  // A registration, a user added, three saves and four axe runs on a shared machine.
  test.setTimeout(120_000);
  const orgName = unique('Roles Org');
  await registerAndSignIn(page, mailServer, {
    orgName,
    email: `${unique('roles-boss')}@example.com`,
    password: 'roles-boss-password',
  });

  // Add New User: the roles' checkboxes, each with its sentence; Billing ticked.
  await page.goto('/CreateAccount');
  for (const role of ROLES) {
    await expect(page.getByRole('checkbox', { name: role.label })).not.toBeChecked();
    await expect(page.getByText(role.allows)).toBeVisible();
  }
  await page.getByLabel('First Name').fill('Bea');
  await page.getByLabel('Last Name').fill('Biller');
  await page.getByLabel('Email').fill(`${unique('bea')}@example.com`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('bea-password-1');
  await page.getByRole('checkbox', { name: 'Billing' }).check();
  const created = page.waitForRequest((r) => r.url().endsWith('/api/person/create'));
  await page.getByRole('button', { name: 'Create User' }).click();
  expect((await created).postDataJSON().rights).toBe(Rights.User | Rights.Billing);
  await expect(page).toHaveURL(/\/Organization$/);

  // The Users screen lists the roles.
  const bea = page.getByRole('row', { name: /Bea Biller/ });
  await expect(bea.getByTestId('user-roles')).toHaveText('Billing');
  await expect(page.getByRole('row', { name: /Ava Owner/ }).getByTestId('user-roles')).toHaveText(
    'Administrator',
  );
  await page.screenshot({ path: screenshotPath('users-roles'), fullPage: true });
  await expectNoAxeViolations(page);

  // Bea gets Licenses and Developer too.
  await page.getByRole('button', { name: 'Roles of Bea Biller' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Roles of Bea Biller' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Billing' })).toBeChecked();
  await expect(dialog.getByText(RoleMessages.plainUser)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Licenses' }).check();
  await dialog.getByRole('checkbox', { name: 'Developer' }).check();
  await page.screenshot({
    path: screenshotPath('users-roles-dialog'),
    fullPage: true,
    animations: 'disabled',
  });
  await expectNoAxeViolations(page);
  const saved = page.waitForRequest((r) => r.url().includes('/api/person/update/'));
  await dialog.getByRole('button', { name: 'Save Roles' }).click();
  expect((await saved).postDataJSON()).toEqual({
    rights: Rights.User | Rights.Billing | Rights.Licenses | Rights.Developer,
  });
  await expect(page.getByRole('status').filter({ hasText: RoleMessages.saved('Bea Biller') })).toBeVisible();
  await expect(bea.getByTestId('user-roles')).toHaveText('Billing, Licenses, Developer');

  // The last admin cannot take the admin role from themself: the refusal, and nothing changes.
  await page.getByRole('button', { name: 'Roles of Ava Owner' }).click();
  await dialog.getByRole('checkbox', { name: 'Administrator' }).uncheck();
  await dialog.getByRole('button', { name: 'Save Roles' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /last administrator/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ava Owner/ }).getByTestId('user-roles')).toHaveText(
    'Administrator',
  );

  // On a phone each user is a card that names the roles; the dialog fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/Organization');
  await expect(page.getByText('Roles: Billing, Licenses, Developer')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: screenshotPath('users-roles-phone'), fullPage: true });
  await page.getByRole('button', { name: 'Roles of Bea Biller' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Developer' })).toBeChecked();
  await page.screenshot({
    path: screenshotPath('users-roles-dialog-phone'),
    fullPage: true,
    animations: 'disabled',
  });
  await expectNoAxeViolations(page);
});
