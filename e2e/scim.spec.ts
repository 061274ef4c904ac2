import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, loginDemo } from './support';

// SCIM provisioning (docs/decisions/038): an admin makes a token with the scim scope on API &
// Webhooks, where the scope is listed with its sentence; the identity provider calls /scim/v2 with it.

const SCREENS = new URL('../.screens/', import.meta.url).pathname;

/** A call as an identity provider makes it: the token alone, no cookie. */
function scimCall(page: Page, token: string, url: string, method = 'GET', body?: unknown) {
  return page.evaluate(
    async ({ token, url, method, body }) => {
      const res = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/scim+json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/scim+json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      });
      const text = await res.text();
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        body: text ? JSON.parse(text) : null,
      };
    },
    { token, url, method, body },
  );
}

test('an admin makes a token with the scim scope, and the identity provider lists the users with it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const name = `Okta ${Date.now().toString(36)}`;
  await loginDemo(page, '/ApiTokens');
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

  // Whom the provider deactivates, the Users screen marks; the provider then removes them.
  const email = `on.leave.${Date.now().toString(36)}@example.com`;
  const made = await scimCall(page, token, '/scim/v2/Users', 'POST', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: email,
    name: { givenName: 'Lee', familyName: 'Onleave' },
    emails: [{ value: email, primary: true }],
    active: true,
  });
  expect(made.status).toBe(201);
  const patched = await scimCall(page, token, `/scim/v2/Users/${made.body.id}`, 'PATCH', {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: [{ op: 'replace', path: 'active', value: false }],
  });
  expect(patched.body.active).toBe(false);
  await page.goto('/Organization');
  const person = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });
  await expect(person).toContainText('Deactivated');
  await page.screenshot({ path: `${SCREENS}users-deactivated.png`, fullPage: true });
  await expectNoAxeViolations(page);
  expect((await scimCall(page, token, `/scim/v2/Users/${made.body.id}`, 'DELETE')).status).toBe(204);
  await page.goto('/ApiTokens');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('checkbox', { name: 'scim' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}api-tokens-scim-390.png`, fullPage: true });
  await expectNoAxeViolations(page);
});
