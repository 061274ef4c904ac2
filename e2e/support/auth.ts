import { expect, type Page } from '@playwright/test';
import { DEMO_COMPANY, DEMO_EMAIL, DEMO_PASSWORD } from './demo';

export interface LoginResult {
  token: string;
  person: { personId: number; firstName: string; lastName: string; rights: number };
  organization: { organizationId: number; companyName: string };
}

const isAuthenticate = (url: string) => new URL(url).pathname === '/api/authenticate';

/**
 * Signs in through the login screen, as a customer does, and waits until the app has left it.
 * `company` is required for an e-mail that belongs to several organizations (the demo e-mail does).
 * Returns what the server answered, so tests can assert on names rather than hard-coding them.
 */
export async function login(
  page: Page,
  email: string,
  password: string,
  company?: string,
): Promise<LoginResult> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);

  let response = page.waitForResponse((r) => isAuthenticate(r.url()));
  await page.getByRole('button', { name: 'Login' }).click();
  let body = await (await response).json();

  if (!body.success && Array.isArray(body.possibleOrganizations) && body.possibleOrganizations.length > 1) {
    if (!company) throw new Error(`${email} belongs to several organizations: pass the company to login()`);
    await page.getByLabel('Company').selectOption({ label: company });
    response = page.waitForResponse((r) => isAuthenticate(r.url()));
    await page.getByRole('button', { name: 'Login' }).click();
    body = await (await response).json();
  }
  if (!body.success) throw new Error(`login(${email}) failed: ${body.error ?? 'no error given'}`);
  await expect(page).not.toHaveURL(/\/login/i);
  return { token: body.token, person: body.person, organization: body.organization };
}

/**
 * Follows the Pay Bills link of a billing mail once the session has expired: the store asks for
 * sign-in first, then opens the page.
 */
export async function followPayBillsLink(
  page: Page,
  mail: { text: string },
  who: { email: string; password: string },
) {
  const link = /https?:\/\/\S+\/PayBills/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page).toHaveURL(/\/login\?returnUrl=%2FPayBills/);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/PayBills$/);
}

/** The XSRF cookie's value, which a call from the page's side echoes (empty before any answer). */
export async function xsrfToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

/**
 * Signs in without the login screen, for the tests of what comes after it (the login specs judge the
 * screen with login()): the store's own sign-in call, then the session the screen would have stored
 * is in local storage when `path` first loads. A test's first page is then the one it is about: the
 * login screen's load and typing were a sixth of a typical test's time. Lands on Subscriptions by
 * default, where the login screen leads.
 */
export async function signIn(
  page: Page,
  who: { email: string; password: string; company?: string },
  path = '/Subscriptions',
): Promise<LoginResult> {
  // The XSRF cookie comes with any answer of the store; page.request shares the page's cookies.
  await page.request.get('/api/health');
  const xsrf = await xsrfToken(page);
  const authenticate = async (orgId?: number) =>
    (
      await page.request.post('/api/authenticate', {
        data: { email: who.email, password: who.password, rememberMe: true, ...(orgId ? { orgId } : {}) },
        headers: { 'x-xsrf-token': xsrf },
      })
    ).json();
  let body = await authenticate();
  const choices = (body.possibleOrganizations ?? []) as { organizationId: number; companyName: string }[];
  if (!body.success && choices.length > 1) {
    const chosen = choices.find((o) => o.companyName === who.company);
    if (!chosen) throw new Error(`${who.email} belongs to several organizations: name one of them`);
    body = await authenticate(chosen.organizationId);
  }
  if (!body.success) throw new Error(`signIn(${who.email}) failed: ${body.error ?? 'no error given'}`);
  const stored = JSON.stringify({
    token: body.token,
    person: body.person,
    organization: body.organization,
    twoFactorSetupRequired: body.twoFactorSetupRequired ?? false,
  });
  // Once per tab and sign-in: a later sign-out, or another sign-in, stays as the test made it.
  const once = `e2e-signed-in-${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ key, value }) => {
      try {
        if (window.sessionStorage.getItem(key)) return;
        window.sessionStorage.setItem(key, '1');
        window.localStorage.setItem('currentUser', value);
      } catch {
        // A frame without storage (about:blank) has nothing to sign in.
      }
    },
    { key: once, value: stored },
  );
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/login/i);
  return { token: body.token, person: body.person, organization: body.organization };
}

/** The demo admin signed in to the demo company, where most journeys start, on `path`. */
export const loginDemo = (page: Page, path?: string) =>
  signIn(page, { email: DEMO_EMAIL, password: DEMO_PASSWORD, company: DEMO_COMPANY }, path);

/** The stored session token of the page's signed-in user, or null. */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('currentUser');
    return raw ? ((JSON.parse(raw) as { token?: string }).token ?? null) : null;
  });
}
