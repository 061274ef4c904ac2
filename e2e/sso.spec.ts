import { expect, type Page } from '@playwright/test';
import { SsoMessages, SsoScreenName } from '@store/core';
import { startTestProvider } from '../apps/server/test/support/oidc-test-provider';
import { DEMO_PASSWORD, expectNoAxeViolations, loginDemo } from './support';
import { testWithIdentityProvider } from './support/identity-provider';
import { screenshotPath } from './support/smtp';

// Single sign-on with OpenID Connect in the browser (docs/decisions/036), against a real provider
// (oidc-provider) this spec starts: the admin's set-up, sign-in with just-in-time provisioning,
// enforcement, and refusals told in words with nothing changed. The demo organization holds
// example.com, its people's domain. Its own server, whose PUBLIC_URL is the address the browser uses.

const test = testWithIdentityProvider('sso', (serverUrl) =>
  startTestProvider(`${serverUrl}/api/sso/oidc/callback`),
);

test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function startSso(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  const button = page.getByRole('link', { name: SsoMessages.continueWithSso });
  await expect(button).toBeVisible();
  await button.click();
}

test('an admin sets up OpenID Connect on the Single sign-on screen', async ({ page, sso }) => {
  await loginDemo(page, '/SingleSignOn');
  await expect(page.getByRole('heading', { name: SsoScreenName.heading, level: 1 })).toBeVisible();
  await expect(page.getByTestId('sso-redirect-uri')).toHaveText(`${sso.server.url}/api/sso/oidc/callback`);
  await expect(page.getByRole('cell', { name: 'example.com', exact: true })).toBeVisible();
  await page.getByLabel(SsoMessages.issuerLabel).fill(sso.idp.issuer);
  await page.getByLabel(SsoMessages.clientIdLabel).fill(sso.idp.clientId);
  await page.getByLabel(SsoMessages.clientSecretLabel).fill(sso.idp.clientSecret);
  await page.getByRole('button', { name: SsoMessages.save }).click();
  await expect(page.getByText(SsoMessages.saved)).toBeVisible();
  await expect(page.getByText(SsoMessages.clientSecretKept)).toBeVisible();
  await expect(page.getByLabel(SsoMessages.clientSecretLabel)).toHaveValue('');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('sso-settings-desktop'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('sso-redirect-uri')).toBeVisible();
  const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrollsSideways).toBe(false);
  await page.screenshot({ path: screenshotPath('sso-settings-390'), fullPage: true });
});

test('a new person at the claimed domain signs in through the provider and is provisioned', async ({
  page,
  sso,
}) => {
  sso.idp.signInAs('nia.new@example.com', { givenName: 'Nia', familyName: 'New' });
  await page.goto('/login');
  await page.getByLabel('Email').fill('nia.new@example.com');
  await expect(page.getByRole('link', { name: SsoMessages.continueWithSso })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('sso-login-offer') });
  await startSso(page, 'nia.new@example.com');
  await expect(page).toHaveURL(/\/Subscriptions/);
  // The ticket never stays in the address bar or history.
  expect(page.url()).not.toContain('ticket');
  const person = await page.evaluate(
    () => localStorage.getItem('currentUser') ?? sessionStorage.getItem('currentUser'),
  );
  expect(person ?? '').toContain('nia.new@example.com');
  await page.screenshot({ path: screenshotPath('sso-signed-in') });
});

test('an address at an unclaimed domain is offered no single sign-on', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('someone@elsewhere.test');
  await page.waitForTimeout(800);
  await expect(page.getByRole('link', { name: SsoMessages.continueWithSso })).toHaveCount(0);
});

test('an answer for an address outside the claimed domains is refused in words', async ({ page, sso }) => {
  sso.idp.signInAs('stranger@elsewhere.test');
  await startSso(page, 'someone@example.com');
  await expect(
    page.getByRole('alert').filter({ hasText: SsoMessages.refusals['outside-domains'] }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: screenshotPath('sso-refused') });
});

test('a replayed answer and a forged state are refused', async ({ page, sso }) => {
  sso.idp.signInAs('omar.haddad@example.com');
  // The provider's answer as the browser followed it (a redirect, which routes do not intercept).
  let answer = '';
  page.on('request', (request) => {
    if (request.url().includes('/api/sso/oidc/callback')) answer = request.url();
  });
  await startSso(page, 'omar.haddad@example.com');
  await expect(page).toHaveURL(/\/Subscriptions/);
  expect(answer).toContain('code=');

  await page.goto(answer);
  await expect(page.getByRole('alert').filter({ hasText: SsoMessages.refusals.replayed })).toBeVisible();

  const forged = new URL(answer);
  forged.searchParams.set('state', 'forged');
  await page.goto(forged.href);
  await expect(
    page.getByRole('alert').filter({ hasText: SsoMessages.refusals['state-mismatch'] }),
  ).toBeVisible();
});

test('an ID token meant for another audience is refused', async ({ page, sso }) => {
  sso.idp.signInAs('omar.haddad@example.com');
  sso.idp.tamper('audience');
  await startSso(page, 'omar.haddad@example.com');
  await expect(
    page.getByRole('alert').filter({ hasText: SsoMessages.refusals['wrong-audience'] }),
  ).toBeVisible();
});

test('with single sign-on required, a password is refused for the domain’s people', async ({
  page,
  browser,
}) => {
  await loginDemo(page, '/SingleSignOn');
  await page.getByLabel(SsoMessages.enforcedLabel).check();
  await page.getByRole('button', { name: SsoMessages.save }).click();
  await expect(page.getByText(SsoMessages.saved)).toBeVisible();

  const other = await browser.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill('jane.miller@example.com');
  await other.getByLabel('Password').fill(DEMO_PASSWORD);
  await other.getByRole('button', { name: 'Login' }).click();
  await expect(other.getByText(SsoMessages.passwordRefused)).toBeVisible();
  await expect(other).toHaveURL(/\/login/);
  await other.close();
});
