import { login } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { expect, screenshotPath, test, unique } from './support/smtp';

test.describe('Register New Organization', () => {
  test('register → verification mail over SMTP → verify → log in', async ({ page, mailServer }) => {
    // Registration and sign-ins checked by argon2: slow on a busy machine.
    test.setTimeout(120_000);
    const email = `${unique('founder')}@example.com`;
    const orgName = unique('Founders Inc');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Register New Organization' })).toBeVisible();
    await expect(page.getByText('Admin User Info')).toBeVisible();
    const register = page.getByRole('button', { name: 'Register' });
    await expect(register).toBeDisabled();

    // Spec §5: each message once the field is dirty or touched.
    for (const [label, message] of [
      ['Organization Name', 'Organization Name is required'],
      ['Address 1', 'Address 1 is required'],
      ['City', 'City is required'],
      ['Postal Code', 'Postal Code is required'],
      ['First Name', 'First Name is required'],
      ['Last Name', 'Last name is required'],
      ['Email', 'Email is required'],
    ] as const) {
      await page.getByLabel(label).focus();
      await page.getByLabel(label).blur();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Country').focus();
    await page.getByLabel('Country').blur();
    await expect(page.getByText('Country is required', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('');
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Must be a valid email.', { exact: true })).toBeVisible();
    await page.screenshot({ path: screenshotPath('register-invalid'), fullPage: true });
    await expectNoAxeViolations(page);

    await page.getByLabel('Organization Name').fill(orgName);
    await page.getByLabel('Address 1').fill('1 Pearl Street');
    await page.getByLabel('City').fill('Boulder');
    await page.getByLabel('State / Province').fill('CO');
    await page.getByLabel('Country').selectOption({ label: 'United States of America' });
    await page.getByLabel('Postal Code').fill('80302');
    await page.getByLabel('First Name').fill('Fay');
    await page.getByLabel('Last Name').fill('Founder');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('founder-password');
    await expect(register).toBeEnabled();
    await page.screenshot({ path: screenshotPath('register-filled'), fullPage: true });
    await register.click();

    await expect(page).toHaveURL(/\/login/);
    await expect(
      page.getByRole('status').filter({ hasText: `We sent a verification e-mail to ${email}` }),
    ).toBeVisible();
    await page.screenshot({ path: screenshotPath('register-done-login'), fullPage: true });

    const mail = await mailServer.waitForMail(email, 'Verify your e-mail address');
    const link = mailServer.linkIn(mail, 'VerifyEmail');
    expect(mail.text).toContain(`${mailServer.url}/VerifyEmail/`);

    // Not verified yet: sign-in is refused with a clear message.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('founder-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(/verify your e-mail address before signing in/)).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Successfully Verified' })).toBeVisible();
    await expect(page.getByText('You may now log into your account.')).toBeVisible();
    await page.screenshot({ path: screenshotPath('verify-email-ok'), fullPage: true });
    await expectNoAxeViolations(page);

    // Used once: opening it again says so.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'E-mail Not Verified' })).toBeVisible();
    await expect(page.getByText(/already used/)).toBeVisible();
    await page.screenshot({ path: screenshotPath('verify-email-used'), fullPage: true });
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Go to Log In' }).click();
    const session = await login(page, email, 'founder-password');
    expect(session.organization.companyName).toBe(orgName);
    expect(session.person.rights).toBe(3);
  });

  test('Cancel goes to login', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
