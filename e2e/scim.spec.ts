import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo } from './support';

// SCIM provisioning (docs/decisions/038): an admin makes a token with the scim scope on API &
// Webhooks, where the scope is listed with its sentence; the identity provider calls /scim/v2 with it.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

/** A call as an identity provider makes it: the token alone, no cookie. */
function scimCall(page: Page, token: string, url: string) {
  return page.evaluate(
    async ({ token, url }) => {
      const res = await fetch(url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/scim+json' },
        credentials: 'omit',
      });
      return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
    },
    { token, url },
  );
}

test('an admin makes a token with the scim scope, and the identity provider lists the users with it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const name = `Okta ${Date.now().toString(36)}`;
  await loginDemo(page);
  await page.goto('/ApiTokens');
  await expect(page.getByRole('heading', { name: 'API & Webhooks', level: 1 })).toBeVisible();

  const scope = page.getByRole('checkbox', { name: 'scim' });
  await expect(scope).toBeVisible();
  await expect(page.getByText('Provision users and their roles from your identity provider')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await scope.check();
  await page.screenshot({ path: `${SCREENS}api-tokens-scim.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('status').filter({ hasText: `API token ${name} created.` })).toBeVisible();
  const token = (await page.getByTestId('api-token').textContent()) ?? '';
  const row = page.getByRole('table', { name: 'API tokens' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('scim');

  const users = await scimCall(page, token, '/scim/v2/Users?filter=userName%20eq%20%22demo%40example.com%22');
  expect(users.status).toBe(200);
  expect(users.type).toContain('application/scim+json');
  expect(users.body).toMatchObject({
    totalResults: 1,
    Resources: [{ userName: 'demo@example.com', active: true }],
  });
  // The same token reaches nothing of the store's own API.
  expect((await scimCall(page, token, '/api/person/all')).status).toBe(403);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('checkbox', { name: 'scim' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}api-tokens-scim-390.png`, fullPage: true });
  await expectNoAxeViolations(page);
});
