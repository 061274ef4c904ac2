import { registerAndSignIn, registerAndVerify } from './support/accounts';
import { login } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { expect, screenshotPath, test, unique } from './support/smtp';

test('each Account field is edited alone; Cancel restores; Update saves', async ({ page, mailServer }) => {
  // Registration, three sign-ins and five field edits, three of them checked by argon2.
  test.setTimeout(120_000);
  const email = `${unique('self')}@example.com`;
  const me = await registerAndSignIn(page, mailServer, {
    orgName: unique('Self Org'),
    email,
    password: 'self-password',
  });
  await page.getByRole('button', { name: 'Ava Owner' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL(new RegExp(`/Account/${me.person.personId}$`));
  await expect(page.getByRole('heading', { name: 'Update Account' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Administrator' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('account-view'), fullPage: true });
  await expectNoAxeViolations(page);

  const cases = [
    { field: 'First Name', value: 'Ava', bad: '', message: 'First Name is required', good: 'Avery' },
    { field: 'Last Name', value: 'Owner', bad: ' ', message: 'Last Name is required', good: 'Ownerson' },
    { field: 'Email', value: email, bad: 'not-an-email', message: 'Enter a vaild email address', good: null },
    // The fifth field, optional (docs/spec.md §3 "Person/user").
    {
      field: 'Phone',
      value: '',
      bad: '1'.repeat(41),
      message: 'Phone must be at most 40 characters',
      good: '+31 20 555 0100',
    },
    {
      field: 'Password',
      value: '••••••••',
      bad: 'short',
      message: 'Password must be at least 8 characters long',
      good: null,
    },
  ];
  for (const c of cases) {
    await page.getByRole('button', { name: `Edit ${c.field}` }).click();
    // Only one field at a time: the other edit buttons are hidden.
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    const input = page.getByRole('textbox', { name: c.field, exact: true });
    await input.fill(c.bad);
    await expect(page.getByText(c.message, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
    if (c.field === 'Email') {
      await page.screenshot({ path: screenshotPath('account-edit-email-invalid'), fullPage: true });
      await expectNoAxeViolations(page);
    }
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(
      page.getByTestId(
        `${{ 'First Name': 'firstName', 'Last Name': 'lastName', Email: 'email', Phone: 'phone', Password: 'password' }[c.field]}-value`,
      ),
    ).toHaveText(c.value);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(5);
    if (c.good) {
      await page.getByRole('button', { name: `Edit ${c.field}` }).click();
      await page.getByRole('textbox', { name: c.field, exact: true }).fill(c.good);
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'User updated successfully.' })).toBeVisible();
      await expect(page.getByText(c.good, { exact: true }).first()).toBeVisible();
    }
  }
  // The nav shows the new name.
  await expect(page.getByRole('button', { name: 'Avery Ownerson' })).toBeVisible();

  // Password: Update signs in with the new one afterwards.
  await page.getByRole('button', { name: 'Edit Password' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('self-password-2');
  // docs/design.md §4: one's own password changes only with the current one.
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await page.getByLabel('Current password').fill('self-password');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User updated successfully.' })).toBeVisible();

  // E-mail: counts once confirmed from the new address; the screen says so, the old address is told.
  const newEmail = `${unique('self-new')}@example.com`;
  await page.getByRole('button', { name: 'Edit Email' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail);
  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The current password is not correct.' }),
  ).toBeVisible();
  await page.getByLabel('Current password').fill('self-password-2');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `We sent a confirmation link to ${newEmail}` })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('email-value')).toHaveText(email);
  await page.screenshot({ path: screenshotPath('account-email-pending'), fullPage: true });
  await expectNoAxeViolations(page);
  await mailServer.waitForMail(email, 'Your e-mail address is being changed');
  const confirm = await mailServer.waitForMail(newEmail, 'Confirm your new e-mail address');
  await page.goto(mailServer.linkIn(confirm, 'VerifyEmail'));
  await expect(page.getByRole('heading', { name: 'Email Successfully Verified' })).toBeVisible();
  await login(page, newEmail, 'self-password-2');
});

test('the Account screen lists where one is signed in and signs another session out', async ({
  page,
  browser,
  mailServer,
}) => {
  test.setTimeout(120_000);
  const email = `${unique('sessions')}@example.com`;
  await registerAndVerify(page, mailServer, {
    orgName: unique('Sessions Org'),
    email,
    password: 'two-places-pw',
  });
  const other = await browser.newPage({ baseURL: mailServer.url });
  await login(other, email, 'two-places-pw');
  const me = await login(page, email, 'two-places-pw');
  await page.goto(`/Account/${me.person.personId}`);

  const panel = page.getByTestId('own-sessions');
  await expect(panel.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByText('This session')).toBeVisible();
  await page.screenshot({ path: screenshotPath('account-sessions'), fullPage: true });
  await expectNoAxeViolations(page);

  await panel.getByRole('button', { name: /^Sign out the session on / }).click();
  await expect(page.getByText('Signed out 1 session.')).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

  // The other browser's token no longer works: its next call answers 401 and the app signs it out.
  await other.goto('/Subscriptions');
  await expect(other).toHaveURL(/\/login/);
  await other.close();
});
