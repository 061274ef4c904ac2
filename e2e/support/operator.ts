import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD } from './demo';

// The demo's store operator (apps/server/src/seed/operator.ts): enrolled in two-factor sign-in with a
// fixed secret, so the tests compute its codes as an authenticator app would.
export const DEMO_OPERATOR_EMAIL = 'operator@example.com';
export const DEMO_OPERATOR_TOTP_SECRET = 'OPERATORDEMOSECRETKEYFORTHESTORE';

const STEP_SECONDS = 30;
const isAuthenticate = (url: string) => new URL(url).pathname === '/api/authenticate';

/** The operator's stored session per server, kept by this worker once it has signed in there. */
const sessions = new Map<string, string>();

/** Whether a stored session still opens the console (a test may have signed the operator out). */
async function stillSignedIn(page: Page, stored: string): Promise<boolean> {
  const { token } = JSON.parse(stored) as { token: string };
  const res = await page.request.get('/api/ops/catalog', { headers: { Authorization: `Bearer ${token}` } });
  return res.ok();
}

/**
 * Signs in as the demo operator. The first time on a server, through the login screen as an operator
 * does: password, then a code. Each 30-second code is taken once and the server accepts the next
 * period's too, so the tests sharing the operator would wait up to half a minute for a fresh code;
 * later sign-ins of this worker on that server reuse the session (specs that judge the sign-in itself
 * sign in by hand).
 */
export async function signInAsOperator(page: Page): Promise<void> {
  // Not the login screen: it signs out whoever it finds stored, the session put back included.
  await page.goto('/privacy');
  const origin = new URL(page.url()).origin;
  const stored = sessions.get(origin);
  if (stored && (await stillSignedIn(page, stored))) {
    await page.evaluate((value) => window.localStorage.setItem('currentUser', value), stored);
    await page.goto('/ops');
    await expect(page).toHaveURL(/\/ops(\/|$)/);
    return;
  }
  sessions.delete(origin);
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_OPERATOR_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  for (let attempt = 0; attempt < 6; attempt++) {
    const now = Math.floor(Date.now() / 1000);
    const offset = attempt % 2 === 0 ? 0 : STEP_SECONDS;
    if (attempt > 0 && offset === 0) {
      // Both codes of this period are spent: wait for the next one.
      await page.waitForTimeout((STEP_SECONDS - (now % STEP_SECONDS) + 1) * 1000);
    }
    const code = await generate({
      secret: DEMO_OPERATOR_TOTP_SECRET,
      epoch: Math.floor(Date.now() / 1000) + offset,
    });
    await page.getByLabel('Authentication code').fill(code);
    const answer = page.waitForResponse((r) => isAuthenticate(r.url()));
    await page.getByRole('button', { name: 'Verify' }).click();
    const body = await (await answer).json();
    if (body.success) {
      // The operator lands on the console, not on a customer's (empty) Subscriptions page.
      await expect(page).toHaveURL(/\/ops(\/|$)/);
      const session = await page.evaluate(() => window.localStorage.getItem('currentUser'));
      if (session) sessions.set(origin, session);
      return;
    }
  }
  throw new Error('signInAsOperator: no code of three periods was taken');
}
