import { Rights, ROLES, type Role, RoleMessages } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newUser } from '../../test/support/accounts';
import { fillPath, type Route, requiresToken, routesOf, sample } from '../../test/support/api-robustness';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { persons } from '../db/schema';
import { hashPassword } from '../lib/passwords';

/**
 * Every role on every signed-in route, walking the served API document (docs/design.md §5a,
 * docs/decisions/033): a route that names a role (x-required-right) answers a person without it 403
 * with the house's error shape naming the role, and a person with it (or an administrator) anything
 * but that refusal; a route naming none never refuses for a role.
 */

/** What each operation needs, as the issue lists it; the document must say the same. */
const EXPECTED: Record<string, Role> = {
  listUsers: 'admin',
  createUser: 'admin',
  deleteUser: 'admin',
  listOrganizationActivity: 'admin',
  resetUserTwoFactor: 'admin',
  setTwoFactorPolicy: 'admin',
  saveBillingInfo: 'billing',
  getBillingDescription: 'billing',
  startCardSetup: 'billing',
  listBills: 'billing',
  downloadInvoice: 'billing',
  downloadCreditNote: 'billing',
  listOpenBills: 'billing',
  payBill: 'billing',
  completeBillAuthentication: 'billing',
  purchaseCart: 'billing',
  checkPromotionCode: 'billing',
  cancelSubscription: 'billing',
  updateSubscription: 'licenses',
  flushKeys: 'licenses',
  makeSubscriptionOffline: 'licenses',
  downloadOfflineLicense: 'licenses',
  deactivateMachine: 'licenses',
  endLease: 'licenses',
  answerActivationRequest: 'licenses',
  releaseOfflineActivation: 'licenses',
  uploadUsageFile: 'licenses',
  getSsoSettings: 'admin',
  putSsoSettings: 'admin',
  deleteSsoSettings: 'admin',
  listClaimedDomains: 'admin',
  claimDomain: 'admin',
  releaseDomain: 'admin',
  listApiTokens: 'developer',
  createApiToken: 'developer',
  revokeApiToken: 'developer',
  listWebhookEndpoints: 'developer',
  createWebhookEndpoint: 'developer',
  updateWebhookEndpoint: 'developer',
  deleteWebhookEndpoint: 'developer',
  sendWebhookTestEvent: 'developer',
  listWebhookDeliveries: 'developer',
  retryWebhookDelivery: 'developer',
};
/** Only where the sandbox gateway runs (demo and tests); the production document has no such route. */
const SANDBOX_ONLY: Record<string, Role> = { completeSandboxAuthentication: 'billing' };

/** Calling these would end the caller's own session: they name no role and are left out. */
const ENDS_OWN_SESSIONS = new Set(['signOut', 'endSession', 'endOtherSessions']);

/** Values a schema's sample does not get right, so the call reaches the role's check (it follows validation). */
const VALID_BODY: Record<string, Record<string, unknown>> = {
  createWebhookEndpoint: { url: 'https://example.com/webhooks' },
  updateWebhookEndpoint: { url: 'https://example.com/webhooks' },
  putSsoSettings: {
    kind: 'oidc',
    issuer: 'https://idp.example.com',
    clientId: 'store',
    clientSecret: 'secret',
  },
  claimDomain: { domain: 'robustness.example.com' },
  answerActivationRequest: {
    request: {
      type: 'activation-request',
      version: 1,
      licenseKey: 'robust',
      fingerprint: 'robust',
      hostname: 'robust',
      kind: 'engine',
      engineVersion: '1.0.0',
      nonce: 'robust',
    },
  },
  uploadUsageFile: { usageFile: { enc: 'e30=', sig: 'robust', alg: 'base64+hmac-sha256' } },
  checkPromotionCode: { code: 'WELCOME10', pricingPlanIds: [1] },
};
const VALID_PATH = { number: '2026-000123', domain: 'robustness.example.com' };

const PASSWORD = 'roles-password-1';
type Client = Awaited<ReturnType<TestApp['login']>>;

let t: TestApp;
let routes: Route[];
/** One person per way of holding rights: no role, each role alone, and an administrator. */
const people = new Map<Role | 'none', Client>();

beforeAll(async () => {
  t = await createTestApp();
  const doc = await t.client().get('/api/openapi.json');
  routes = routesOf(doc.body).filter((r) => !r.path.startsWith('/api/ops/') && requiresToken(r));
  const admin = await t.loginDemo();
  const organizationId = admin.organization.organizationId;
  const passwordHash = await hashPassword(PASSWORD);
  for (const [key, bit] of [['none', 0], ...ROLES.map((r) => [r.role, r.bit] as const)] as const) {
    const email = `roles-${key}@example.com`;
    await t.db.insert(persons).values({
      organizationId,
      rights: Rights.User | bit,
      passwordHash,
      firstName: 'Role',
      lastName: key,
      email,
      emailVerified: true,
    });
    people.set(key, await t.login(email, PASSWORD, organizationId));
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const holds = (who: Role | 'none', needed: Role) => who === 'admin' || who === needed;

describe('the API document', () => {
  test('names the role of every route that needs one, beside its security', () => {
    const declared = Object.fromEntries(
      routes.filter((r) => r.requiredRight).map((r) => [r.operationId, r.requiredRight]),
    );
    expect(declared).toEqual({ ...EXPECTED, ...SANDBOX_ONLY });
  });
});

describe('every role on every signed-in route', () => {
  test("a person without the route's role gets 403 naming it; with it, or as an administrator, no such refusal", async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const route of routes.filter((r) => !ENDS_OWN_SESSIONS.has(r.operationId ?? ''))) {
      const url = fillPath(route, VALID_PATH);
      const sampled = route.body ? sample(route.body) : undefined;
      const fixed = VALID_BODY[route.operationId ?? ''];
      // A body that is one of several shapes (oneOf) has no one sample to add to: the valid body stands alone.
      const base = sampled && typeof sampled === 'object' && !Array.isArray(sampled) ? sampled : {};
      const payload =
        sampled === undefined ? undefined : JSON.stringify(fixed ? { ...base, ...fixed } : sampled);
      for (const [who, client] of people) {
        const res = await t.app.inject({
          method: route.method,
          url,
          payload,
          headers: {
            authorization: `Bearer ${client.token}`,
            cookie: 'XSRF-TOKEN=roles-xsrf',
            'x-xsrf-token': 'roles-xsrf',
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        });
        const body = res.json() as { message?: string; code?: string };
        const label = `${route.method} ${url} (${route.operationId}) as ${who}`;
        const needed = route.requiredRight as Role | undefined;
        if (needed && !holds(who, needed)) {
          refused += 1;
          if (
            res.statusCode !== 403 ||
            body.code !== 'ROLE_REQUIRED' ||
            body.message !== RoleMessages.required(needed)
          ) {
            failures.push(
              `${label} → ${res.statusCode} ${JSON.stringify(body)} (expected the ${needed} 403)`,
            );
          }
        } else if (res.statusCode === 403 || body.code === 'ROLE_REQUIRED') {
          failures.push(`${label} → ${res.statusCode} ${JSON.stringify(body)} (expected no refusal)`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Each of the routes that names a role refused the plain user and the three other roles.
    expect(refused).toBeGreaterThan(Object.keys(EXPECTED).length * 3);
  }, 120_000);

  test("a bad body is a 400 first (docs/design.md §4's order), a good one the role's 403", async () => {
    const plain = people.get('none') as Client;
    const bad = await plain.post('/api/person/create', { firstName: 'No' });
    expect(bad.status).toBe(400);
    const good = await plain.post('/api/person/create', newUser('nina.roles@example.com'));
    expect(good.status).toBe(403);
    expect(good.body).toEqual({ message: RoleMessages.required('admin'), code: 'ROLE_REQUIRED' });
  });

  test('an API token is no person: its scopes decide, whatever role its maker holds', async () => {
    const developer = people.get('developer') as Client;
    const made = await developer.post('/api/organization/api-tokens', {
      name: 'Roles CI',
      scopes: ['billing:read'],
      expiresInDays: 30,
    });
    expect(made.status).toBe(201);
    const bills = await t.app.inject({
      method: 'GET',
      url: '/api/order/history',
      headers: { authorization: `Bearer ${made.body.token}` },
    });
    expect(bills.statusCode).toBe(200);
    // The developer making it holds no Billing role, so cannot read the bills with a session.
    expect((await developer.get('/api/order/history')).status).toBe(403);
  });

  test('a role taken away counts at once', async () => {
    const billing = people.get('billing') as Client;
    expect((await billing.get('/api/order/history')).status).toBe(200);
    const admin = await t.loginDemo();
    const [row] = await t.db.select().from(persons).where(eq(persons.email, 'roles-billing@example.com'));
    const res = await admin.post(`/api/person/update/${row!.id}`, { rights: Rights.User | Rights.Licenses });
    expect(res.status).toBe(200);
    expect((await billing.get('/api/order/history')).body).toEqual({
      message: RoleMessages.required('billing'),
      code: 'ROLE_REQUIRED',
    });
  });
});
