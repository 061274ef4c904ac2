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

/** The demo admin signed in to the demo company, where most journeys start. */
export const loginDemo = (page: Page) => login(page, DEMO_EMAIL, DEMO_PASSWORD, DEMO_COMPANY);

/** The stored session token of the page's signed-in user, or null. */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('currentUser');
    return raw ? ((JSON.parse(raw) as { token?: string }).token ?? null) : null;
  });
}
