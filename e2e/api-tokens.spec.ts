import { expect, type Page, test } from '@playwright/test';
import { DEMO_COMPANY, DEMO_PASSWORD, expectNoAxeViolations, loginDemo, signIn } from './support';

// API & Webhooks (docs/decisions/026): an admin makes an organization API token, sees it once, a
// program calls the API with it, and the admin revokes it.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

/** A call as the customer's program makes it: the token alone, no cookie, no XSRF header. */
function callWithToken(page: Page, token: string, url: string) {
  return page.evaluate(
    async ({ token, url }) => {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, credentials: 'omit' });
      return { status: res.status, body: await res.json() };
    },
    { token, url },
  );
}

test('an admin makes a token, sees it once, a program uses it, and the admin revokes it', async ({
  page,
}) => {
  // A sign-in, four axe runs and two widths on a shared machine.
  test.setTimeout(240_000);
  const name = `Deploy pipeline ${Date.now().toString(36)}`;
  await loginDemo(page);
  await page.getByRole('button', { name: 'Dana Demo' }).click();
  await page.getByRole('menuitem', { name: 'API & Webhooks' }).click();
  await expect(page).toHaveURL(/\/ApiTokens$/);
  await expect(page.getByRole('heading', { name: 'API & Webhooks', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/API & Webhooks/);

  // Nothing chosen yet: the form cannot be sent.
  const create = page.getByRole('button', { name: 'Create token' });
  await expect(create).toBeDisabled();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('checkbox', { name: 'subscriptions:read' }).check();
  await page.getByRole('textbox', { name: 'Expires' }).click();
  await page.getByRole('option', { name: 'In 30 days' }).click();
  await create.click();

  await expect(page.getByRole('status').filter({ hasText: `API token ${name} created.` })).toBeVisible();
  const shown = page.getByTestId('api-token');
  await expect(shown).toHaveText(/^sk_org_[A-Za-z0-9_-]{43}$/);
  const token = (await shown.textContent()) ?? '';
  await expect(page.getByTestId('new-api-token')).toContainText('It is shown only once');
  const row = page.getByRole('table', { name: 'API tokens' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${token.slice(0, 15)}…`);
  await expect(row).toContainText('subscriptions:read');
  await expect(row).toContainText('Dana Demo');
  await expect(row).toContainText('Never used');
  await page.screenshot({ path: `${SCREENS}api-tokens-created.png`, fullPage: true });
  await expectNoAxeViolations(page);

  // The customer's program: the subscriptions, with the token and nothing else.
  const listed = await callWithToken(page, token, '/api/subscription/all');
  expect(listed.status).toBe(200);
  expect(Array.isArray(listed.body)).toBe(true);
  expect(listed.body.length).toBeGreaterThan(0);
  // Its scope reaches no further: the users, and the tokens themselves, are refused.
  const users = await callWithToken(page, token, '/api/person/all');
  expect(users).toEqual({
    status: 403,
    body: {
      message: 'This API token lacks the scope users:read, which this call needs.',
      code: 'FORBIDDEN',
    },
  });
  expect((await callWithToken(page, token, '/api/organization/api-tokens')).status).toBe(403);

  // Done: the token is gone from the screen, and never comes back.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-api-token')).toHaveCount(0);
  await page.reload();
  await expect(row).toContainText('from 127.0.0.1');
  expect(await page.content()).not.toContain(token.slice(15));
  await page.screenshot({ path: `${SCREENS}api-tokens.png`, fullPage: true });
  await expectNoAxeViolations(page);

  // A phone's width: each token is a card, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'API tokens' }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('subscriptions:read');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}api-tokens-390.png`, fullPage: true });
  await expectNoAxeViolations(page);

  // Revoked in one click, after a confirmation; Cancel changes nothing.
  await card.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Programs using ${name} stop working at once.`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByRole('status').filter({ hasText: `API token ${name} revoked.` })).toBeVisible();
  await expect(card).toHaveCount(0);
  expect((await callWithToken(page, token, '/api/subscription/all')).status).toBe(401);
});

test('a plain user has no API & Webhooks in the menu, and typing its address says whom to ask', async ({
  page,
}) => {
  await signIn(page, { email: 'jane.miller@example.com', password: DEMO_PASSWORD });
  await page.getByRole('button', { name: 'Jane Miller' }).click();
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'API & Webhooks' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/ApiTokens');
  await expect(page.getByTestId('admin-only')).toContainText(
    `Only people of ${DEMO_COMPANY} with the Developer role can manage the organization's API tokens.`,
  );
  await expect(page.getByRole('button', { name: 'Create token' })).toHaveCount(0);
});
