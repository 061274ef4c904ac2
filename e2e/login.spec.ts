import { expect, test } from '@playwright/test';
import {
  DEMO_COMPANY,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_SUB_ACCOUNT,
  expectNoAxeViolations,
  login,
  loginDemo,
  storedToken,
} from './support';
import { screenshotPath } from './support/smtp';

// The login screen (docs/spec.md §2, §4, §5, §8).

const MULTIPLE_ORGS =
  'Your email is associated with more than one organization. Please choose the organization you would like to login to.';

test('shows the required-field messages once touched or on submit, and sends nothing while invalid', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page.getByText('Email is required')).toHaveCount(0);

  await page.getByLabel('Email').focus();
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toHaveCount(0);

  let calls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/authenticate')) calls++;
  });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(calls).toBe(0);

  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await expect(page.getByText('Email is required')).toHaveCount(0);
});

test('Login with both fields empty shows both required messages and sends nothing', async ({ page }) => {
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/authenticate')) calls++;
  });
  await page.goto('/login');
  // One click on Login submits. Pressing the button takes the focus from the e-mail field, whose
  // message then pushes the button down before the press ends: the click must still land on it
  // (lib/form.ts). (The field has no focus on arrival: the skip link is the first Tab stop.)
  await page.getByLabel('Email').click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password is required');
  expect(calls).toBe(0);
});

// Sign-in is throttled per e-mail and address (5 failures in 15 minutes), and every browser test
// signs in from 127.0.0.1: a wrong password that needs no particular account uses an address of its
// own, so the demo admin's failures stay below the limit for the specs that sign in as them.
const NOBODY = 'no-such-person@example.com';

test('a wrong password shows the server’s error in the alert', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(NOBODY);
  await page.getByLabel('Password').fill('not-the-password');
  const response = page.waitForResponse('**/api/authenticate');
  await page.getByRole('button', { name: 'Login' }).click();
  const body = await (await response).json();
  expect(body.success).toBe(false);
  await expect(page.getByRole('alert')).toHaveText(body.error);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
});

test('an earlier "incorrect" alert goes once the password matches and the company list appears', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Company')).toBeVisible();
  await expect(page.getByText('The e-mail address or password is incorrect.')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('login-company-after-wrong-password'), fullPage: true });
});

test('the demo e-mail asks for the company, then signs in and shows the name', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page.getByText(MULTIPLE_ORGS)).toBeVisible();
  const company = page.getByLabel('Company');
  await expect(company).toBeVisible();
  const options = await company.locator('option:not([disabled])').allTextContents();
  expect(options.sort()).toEqual([DEMO_COMPANY, DEMO_SUB_ACCOUNT].sort());

  // The company is required once the list shows.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Organization is required')).toBeVisible();

  await company.selectOption({ label: DEMO_COMPANY });
  const response = page.waitForResponse('**/api/authenticate');
  await page.getByRole('button', { name: 'Login' }).click();
  const body = await (await response).json();
  expect(body.success).toBe(true);
  expect(body.organization.companyName).toBe(DEMO_COMPANY);

  await expect(page).toHaveURL('/Subscriptions');
  await expect(
    page.getByRole('button', { name: `${body.person.firstName} ${body.person.lastName}` }),
  ).toBeVisible();
  expect(await storedToken(page)).toBe(body.token);
});

test('the sub-account can be chosen too', async ({ page }) => {
  const { organization } = await login(page, DEMO_EMAIL, DEMO_PASSWORD, DEMO_SUB_ACCOUNT);
  expect(organization.companyName).toBe(DEMO_SUB_ACCOUNT);
});

test('returnUrl is honoured after signing in', async ({ page }) => {
  await page.goto('/BillingHistory');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2FBillingHistory$/);
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Company').selectOption({ label: DEMO_COMPANY });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/BillingHistory');
});

test('a returnUrl to another site is not followed', async ({ page }) => {
  await page.goto('/login?returnUrl=%2F%2Fevil.example%2F');
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Company').selectOption({ label: DEMO_COMPANY });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/Subscriptions');
});

test('Logout revokes the session and returns to login', async ({ page }) => {
  const { person, token } = await loginDemo(page);
  // The answer, not only the request: the screen moves on without waiting for the server, and the
  // token's refusal below is checked once the server has revoked it.
  const logoutCall = page.waitForResponse('**/api/person/logout');
  await page.getByRole('button', { name: `${person.firstName} ${person.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const logout = await logoutCall;
  expect(logout.request().headers().authorization).toBe(`Bearer ${token}`);
  expect(logout.ok()).toBe(true);

  await expect(page).toHaveURL('/login');
  expect(await storedToken(page)).toBeNull();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  // The token no longer works on the server either.
  const after = await page.request.get('/api/person/current', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
});

test('visiting /login signs the user out', async ({ page }) => {
  await loginDemo(page);
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('a 401 on any call signs the user out', async ({ page }) => {
  const { token } = await loginDemo(page);
  // Revoke the token server-side, as another tab's logout or an admin would.
  const revoked = await page.request.get('/api/person/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(revoked.ok()).toBe(true);

  await page.reload();
  await expect(page).toHaveURL(/\/login\?returnUrl=%2FSubscriptions$/);
  expect(await storedToken(page)).toBeNull();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a message passed by another screen shows in the alert', async ({ page }) => {
  await page.goto('/Cart');
  await page.evaluate(() => {
    window.history.pushState(
      { usr: { message: 'Your password has been reset.' }, key: 'x', idx: 1 },
      '',
      '/login',
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset.' })).toBeVisible();
});

test('the login screen has no axe violations, with and without the company list', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Company')).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('in Internet Explorer', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko' });

  test('users are warned', async ({ page }) => {
    await page.goto('/login');
    await expect(
      page.getByText(
        /We do not maintain support for Internet Explorer\..*supported browsers: Chrome, Firefox, Edge\./,
      ),
    ).toBeVisible();
  });
});

test('other browsers see no Internet Explorer warning', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page.getByText(/Internet Explorer/)).toHaveCount(0);
});
