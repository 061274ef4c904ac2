import { registerAndSignIn } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, screenshotPath, test, unique } from './support/smtp';

test('an admin adds, edits and deletes a user (both delete outcomes)', async ({ page, mailServer }) => {
  // A registration, two sign-ins and four axe runs on a shared machine.
  test.setTimeout(120_000);
  const adminEmail = `${unique('boss')}@example.com`;
  const orgName = unique('Team Org');
  await registerAndSignIn(page, mailServer, { orgName, email: adminEmail, password: 'boss-password' });

  await page.getByRole('button', { name: 'Ava Owner' }).click();
  await page.getByRole('menuitem', { name: 'Manage Users' }).click();
  await expect(page.getByRole('heading', { name: `${orgName} Users` })).toBeVisible();
  // The current user has no delete icon.
  await expect(page.getByRole('button', { name: 'Delete Ava Owner' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('organization-users'), fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/CreateAccount$/);
  const create = page.getByRole('button', { name: 'Create User' });
  await expect(create).toBeDisabled();
  await page.getByLabel('First Name').fill('x');
  await page.getByLabel('First Name').fill('');
  await expect(page.getByText('First Name is required', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill('nope');
  await expect(page.getByText('Must be a valid email.', { exact: true })).toBeVisible();
  await page.screenshot({ path: screenshotPath('create-account-invalid'), fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/Organization$/);

  const userEmail = `${unique('helper')}@example.com`;
  await page.getByRole('link', { name: 'Add User' }).click();
  await page.getByLabel('First Name').fill('Hal');
  await page.getByLabel('Last Name').fill('Helper');
  await page.getByLabel('Email').fill(userEmail);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('helper-password');
  await expect(create).toBeEnabled();
  const created = page.waitForRequest((r) => r.url().endsWith('/api/person/create'));
  await create.click();
  // Rights are the spec's bit flags (1 user, plus a bit per role); no separate isAdmin flag.
  const sent = (await created).postDataJSON();
  expect(sent.rights).toBe(1);
  expect(sent).not.toHaveProperty('isAdmin');
  await expect(page).toHaveURL(/\/Organization$/);
  await expect(page.getByRole('status').filter({ hasText: 'User created successfully' })).toBeVisible();
  const row = page.getByRole('row', { name: /Hal Helper/ });
  await expect(row).toBeVisible();
  const added = await mailServer.waitForMail(userEmail, `You were added to ${orgName}`);
  expect(added.text).toContain('/VerifyEmail/');

  // Edit: the edit link opens that user's account.
  await page.getByRole('link', { name: 'Edit Hal Helper' }).click();
  await expect(page).toHaveURL(/\/Account\/\d+$/);
  await page.getByRole('button', { name: 'Edit Last Name' }).click();
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Helpful');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User updated successfully.' })).toBeVisible();
  // Roles are given on the Users screen (e2e/users-roles.spec.ts), not on the Account screen.
  await expect(page.getByRole('switch', { name: 'Administrator' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('account-of-another-user'), fullPage: true });
  await expectNoAxeViolations(page);

  await page.goto('/Organization');
  // Delete with the wrong e-mail: the alert, and nothing sent.
  let deleteCalls = 0;
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deleteCalls++;
  });
  await page.getByRole('button', { name: 'Delete Hal Helpful' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: screenshotPath('organization-delete-prompt'), fullPage: true });
  await expectNoAxeViolations(page);
  await dialog.getByLabel("User's email").fill('wrong@example.com');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: "Failed to delete user.  Email didn't match" }),
  ).toBeVisible();
  expect(deleteCalls).toBe(0);
  await expect(page.getByRole('row', { name: /Hal Helpful/ })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Hal Helpful' }).click();
  await dialog.getByLabel("User's email").fill(userEmail);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User deleted successfully.' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Hal Helpful/ })).toHaveCount(0);
  expect(deleteCalls).toBe(1);
});
