import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { registerAndVerify } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, screenshotPath, test, unique } from './support/smtp';

// Two-factor sign-in end to end (docs/design.md §4): enrol on the Account screen with a code computed
// here as an authenticator app would, sign out, sign in with a code; a reused code is refused; a
// recovery code works once.

const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });
/** The code of the next 30-second period: still taken (±1 step) and later than the one just used. */
const codeNext = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Ava Owner' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

async function password(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('two-factor-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
}

test('enrol, sign in with a code, a reused code refused, a recovery code works once', async ({
  page,
  mailServer,
}) => {
  // Registration, five sign-ins and two accessibility checks on a shared 2-core machine.
  test.setTimeout(150_000);
  const email = `${unique('twofactor')}@example.com`;
  await registerAndVerify(page, mailServer, {
    orgName: unique('Two Factor Org'),
    email,
    password: 'two-factor-password',
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('two-factor-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // Enrol on the Account screen: a QR code drawn in the page, the secret, a first code.
  await page.getByRole('button', { name: 'Ava Owner' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await page.screenshot({ path: screenshotPath('account-two-factor-setup'), fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('account-two-factor-setup-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByLabel('Authentication code').fill(await codeNow(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await page.screenshot({ path: screenshotPath('account-two-factor-recovery-codes'), fullPage: true });
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByTestId('two-factor').getByText('On', { exact: true })).toBeVisible();
  await signOut(page);

  // Sign in: password, then a code (the enrolment's code is spent).
  await password(page, email);
  await page.screenshot({ path: screenshotPath('login-two-factor'), fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('login-two-factor-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  const code = await codeNext(secret);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await signOut(page);

  // The same code again: refused.
  await password(page, email);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The code is not correct or was already used.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // A recovery code signs in once.
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await signOut(page);
  await password(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The recovery code is not correct or was already used.' }),
  ).toBeVisible();
});
