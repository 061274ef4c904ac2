import { PasswordMessages } from '@store/core';
import { registerAndVerify, requestPasswordReset } from './support/accounts';
import { login } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { expect, screenshotPath, test, unique } from './support/smtp';

const signInFails = async (page: import('@playwright/test').Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('The e-mail address or password is incorrect.')).toBeVisible();
};

test.describe('Forgot Password and Set Password', () => {
  test("forgot password → mail → set password → the new password works and the old doesn't", async ({
    page,
    mailServer,
  }) => {
    // Registration, a reset and three sign-ins, each checked by argon2: slow on a busy machine.
    test.setTimeout(120_000);
    const email = `${unique('forgetful')}@example.com`;
    await registerAndVerify(page, mailServer, {
      orgName: unique('Forgetful Co'),
      email,
      password: 'old-password-1',
    });

    await page.goto('/ForgotPassword');
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email is required.' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('forgot-password-empty'), fullPage: true });
    await expectNoAxeViolations(page);

    const since = mailServer.smtp.received.length;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('status').filter({ hasText: 'you will receive an e-mail' })).toBeVisible();

    const mail = await mailServer.waitForMail(email, 'Reset your password', since);
    const link = mailServer.linkIn(mail, 'ResetPassword');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set Password' })).toBeVisible();
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    const confirm = page.getByRole('textbox', { name: 'Confirm Password' });
    // The rules show beside the field before anything is typed.
    await expect(password).toHaveAccessibleDescription(PasswordMessages.rules);
    // Two different passwords say so at once, whatever the e-mail field holds (still empty here).
    await password.fill('new-password-2');
    await confirm.fill('new-password-X');
    await expect(page.getByText('Password does not match', { exact: true })).toBeVisible();
    await password.fill('');
    await confirm.fill('');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await password.fill('short');
    await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
    await password.fill('new-password-2');
    await confirm.fill('new-password-X');
    await expect(page.getByText('Password does not match', { exact: true })).toBeVisible();
    await page.screenshot({ path: screenshotPath('reset-password-invalid'), fullPage: true });
    await expectNoAxeViolations(page);

    await confirm.fill('new-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset' })).toBeVisible();

    await signInFails(page, email, 'old-password-1');
    await login(page, email, 'new-password-2');

    // The link is used up.
    await page.goto(link);
    await expect(page.getByText(/already used or it has expired/)).toBeVisible();
    await page.screenshot({ path: screenshotPath('reset-password-used'), fullPage: true });
    await expectNoAxeViolations(page);
  });

  test('an e-mail in two organizations chooses one on the Set Password screen', async ({
    page,
    mailServer,
  }) => {
    const email = `${unique('twohomes')}@example.com`;
    const first = unique('First Home');
    const second = unique('Second Home');
    await registerAndVerify(page, mailServer, { orgName: first, email, password: 'first-password' });
    await registerAndVerify(page, mailServer, { orgName: second, email, password: 'second-password' });

    await page.goto(await requestPasswordReset(page, mailServer, email));

    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('second-new-password');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('second-new-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    const organization = page.getByLabel('Organization');
    await expect(organization).toBeVisible();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Organization is required', { exact: true })).toBeVisible();
    await page.screenshot({ path: screenshotPath('reset-password-choose-organization'), fullPage: true });
    await expectNoAxeViolations(page);
    await organization.selectOption({ label: second });
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/login/);

    const chosen = await login(page, email, 'second-new-password', second);
    expect(chosen.organization.companyName).toBe(second);
    const untouched = await login(page, email, 'first-password', first);
    expect(untouched.organization.companyName).toBe(first);
  });
});
