import { createHash } from 'node:crypto';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@store/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, type Method, routesOf } from '../../../test/support/api-robustness';
import { capturedLog } from '../../../test/support/captured-log';
import { organizationWithAdmin } from '../../../test/support/org-admin';
import { refusal } from '../../../test/support/refusal';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../../seed/organizations';

// docs/decisions/026: organization API tokens, made by admins, scoped, hashed at rest, refused at once
// when revoked or expired, on every server.

const log = capturedLog();
let t: TestApp;
type Client = Awaited<ReturnType<TestApp['loginDemo']>>;
let admin: Client;

beforeAll(async () => {
  // The read caches on, as in production: a revoked token must not outlive its cached copy.
  t = await createTestApp({ env: { READ_CACHES: '1' }, logger: log.logger });
  admin = await t.loginDemo();
});
afterAll(() => t.close());

const TOKENS = '/api/organization/api-tokens';
const issued: string[] = [];

async function makeToken(
  scopes: readonly ApiTokenScope[],
  name = `CI ${scopes.join(' ')}`,
  expiresInDays: number | null = 90,
) {
  const res = await admin.post(TOKENS, { name, scopes, expiresInDays });
  expect(res.status).toBe(201);
  issued.push(res.body.token);
  return res.body as { token: string; apiToken: { id: number; name: string; start: string } };
}

/** A call as a program makes it: the token, no cookie, no XSRF header. */
async function callWith(
  token: string,
  method: Method,
  url: string,
  body?: unknown,
  app = t,
): Promise<{ status: number; body: { message?: string; code?: string } & Record<string, unknown> }> {
  const res = await app.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  let json = {};
  try {
    json = res.json();
  } catch {}
  return { status: res.statusCode, body: json as never };
}

const tokenCount = async () =>
  (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM api_tokens`))[0]!.n;

describe('making a token', () => {
  it('shows the token once, at its making; the list shows its start, never the token', async () => {
    const before = await tokenCount();
    const created = await admin.post(TOKENS, {
      name: '  Deploy pipeline ',
      scopes: ['subscriptions:read', 'billing:read'],
      expiresInDays: 30,
    });
    expect(created.status).toBe(201);
    const { token, apiToken } = created.body;
    issued.push(token);
    expect(token).toMatch(/^sk_org_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({
      name: 'Deploy pipeline',
      scopes: ['subscriptions:read', 'billing:read'],
      start: token.slice(0, 15),
      createdBy: 'Dana Demo',
      createdAt: '2026-11-02T12:00:00.000Z',
      expiresAt: '2026-12-02T12:00:00.000Z',
      lastUsedAt: null,
      lastUsedAddress: null,
    });
    expect(await tokenCount()).toBe(before + 1);

    const list = await admin.get(TOKENS);
    expect(list.status).toBe(200);
    expect(list.body.apiTokens.map((x: { id: number }) => x.id)).toContain(apiToken.id);
    expect(list.raw.body).not.toContain(token);
    expect(list.raw.body).not.toContain(token.slice(15, 30));

    // Stored as its SHA-256 only: no column holds the token.
    const [row] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`SELECT * FROM api_tokens WHERE id = ${apiToken.id}`,
    );
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(15));
  });

  it('records the last use, with its time and address', async () => {
    const { token, apiToken } = await makeToken(['subscriptions:read']);
    expect((await callWith(token, 'GET', '/api/subscription/all')).status).toBe(200);
    const listed = (await admin.get(TOKENS)).body.apiTokens.find((x: { id: number }) => x.id === apiToken.id);
    expect(listed).toMatchObject({ lastUsedAt: '2026-11-02T12:00:00.000Z', lastUsedAddress: '127.0.0.1' });
  });

  it('is for admins: a plain user is refused, and so is a token, even one holding every scope', async () => {
    const user = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    expect((await user.get(TOKENS)).status).toBe(403);
    const before = await tokenCount();
    const made = await user.post(TOKENS, { name: 'mine', scopes: ['users:write'], expiresInDays: null });
    expect(made.status).toBe(403);

    const { token, apiToken } = await makeToken(API_TOKEN_SCOPES, 'Every scope');
    const byToken = await callWith(token, 'POST', TOKENS, {
      name: 'x',
      scopes: ['users:read'],
      expiresInDays: 30,
    });
    expect(byToken.status).toBe(403);
    expect(refusal(byToken.body)).toBe('An API token cannot make this call: it needs a person signed in.');
    expect((await callWith(token, 'GET', TOKENS)).status).toBe(403);
    expect((await callWith(token, 'DELETE', `${TOKENS}/${apiToken.id}`)).status).toBe(403);
    expect(await tokenCount()).toBe(before + 1);
  });

  it.each([
    [{ name: '', scopes: ['licensing'], expiresInDays: 30 }, 'name: Name is required'],
    [{ name: 'CI', scopes: [], expiresInDays: 30 }, 'scopes: Choose at least one scope'],
    [
      { name: 'CI', scopes: ['licensing', 'admin'], expiresInDays: 30 },
      'scopes.1: "admin" is not a scope; the scopes are subscriptions:read, subscriptions:write, licensing, billing:read, users:read, users:write, webhooks, scim',
    ],
    [
      { name: 'CI', scopes: ['licensing'], expiresInDays: 7 },
      'expiresInDays: Expires must be in 30, 90 or 365 days, or never',
    ],
    [{ name: 'CI', scopes: ['licensing'] }, 'expiresInDays: Expires must be in 30, 90 or 365 days, or never'],
  ])('refuses %j with a clear 400 and makes nothing', async (body, message) => {
    const before = await tokenCount();
    const res = await admin.post(TOKENS, body);
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe(message);
    expect(res.body.code).toBe('VALIDATION');
    expect(await tokenCount()).toBe(before);
  });
});

describe('revoking a token', () => {
  it("answers 404 for another organization's token and for one already revoked, and changes nothing", async () => {
    const other = await organizationWithAdmin(t, 'Token Strangers Ltd', 'tokens-stranger@example.com');
    const stranger = await other.signIn();
    const theirs = await stranger.post(TOKENS, {
      name: 'Theirs',
      scopes: ['users:read'],
      expiresInDays: null,
    });
    expect(theirs.status).toBe(201);
    issued.push(theirs.body.token);

    const res = await admin.delete(`${TOKENS}/${theirs.body.apiToken.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No such API token.', code: 'NOT_FOUND' });
    expect((await callWith(theirs.body.token, 'GET', '/api/person/all')).status).toBe(200);
    // Nor does either organization see the other's tokens.
    const ours = (await admin.get(TOKENS)).body.apiTokens.map((x: { name: string }) => x.name);
    expect(ours).not.toContain('Theirs');

    const mine = await makeToken(['licensing'], 'Short lived');
    expect((await admin.delete(`${TOKENS}/${mine.apiToken.id}`)).status).toBe(200);
    expect((await admin.delete(`${TOKENS}/${mine.apiToken.id}`)).status).toBe(404);
  });

  it('refuses a revoked token at once, on this server and on another over the same database', async () => {
    // A second server: its own process memory and read caches, the same database.
    const second = await createTestApp({
      database: { ...t.database, close: async () => {} },
      seed: false,
      clock: t.clock,
      env: { READ_CACHES: '1' },
    });
    try {
      const { token, apiToken } = await makeToken(['subscriptions:read'], 'Revoked soon');
      // Both servers have read the token, and keep it in memory.
      for (const app of [t, second])
        for (let i = 0; i < 2; i++)
          expect((await callWith(token, 'GET', '/api/subscription/all', undefined, app)).status).toBe(200);

      const revoked = await admin.delete(`${TOKENS}/${apiToken.id}`);
      expect(revoked.status).toBe(200);
      expect(revoked.body).toMatchObject({ id: apiToken.id, name: 'Revoked soon' });

      const refused = await callWith(token, 'GET', '/api/subscription/all');
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('UNAUTHORIZED');
      // The other server hears the database's announcement of the revocation.
      await expect
        .poll(async () => (await callWith(token, 'GET', '/api/subscription/all', undefined, second)).status, {
          timeout: 5_000,
          interval: 20,
        })
        .toBe(401);
      expect((await admin.get(TOKENS)).body.apiTokens.map((x: { id: number }) => x.id)).not.toContain(
        apiToken.id,
      );
      // Making and revoking it are in the Activity log, by the admin who did them.
      const entries = (await admin.get('/api/organization/activity')).body.items.filter(
        (e: { subject: string }) => e.subject === 'API token Revoked soon',
      );
      expect(entries.map((e: { kind: string }) => e.kind)).toEqual([
        'api-token.revoked',
        'api-token.created',
      ]);
      expect(entries[1]).toMatchObject({
        actor: { kind: 'person', name: 'Dana Demo' },
        summary: `API token Revoked soon: Name 'Revoked soon'; Scopes 'subscriptions:read'; Token '${apiToken.start}'; Expires 'Jan 31, 2027'`,
      });
      expect(JSON.stringify(entries)).not.toContain(token.slice(15));
    } finally {
      await second.close();
    }
  });

  it('refuses a token from the moment it expires, though a copy is in memory', async () => {
    const { token } = await makeToken(['users:read'], 'Thirty days', 30);
    expect((await callWith(token, 'GET', '/api/person/all')).status).toBe(200);
    t.clock.advanceMs(30 * 86_400_000 - 1);
    expect((await callWith(token, 'GET', '/api/person/all')).status).toBe(200);
    t.clock.advanceMs(1);
    expect((await callWith(token, 'GET', '/api/person/all')).status).toBe(401);
    // The admin's session ended with the month too.
    admin = await t.loginDemo();
    const listed = (await admin.get(TOKENS)).body.apiTokens.find(
      (x: { name: string }) => x.name === 'Thirty days',
    );
    expect(listed.expiresAt).toBe(t.clock.now().toISOString());
  });
});

interface Operation {
  security?: Array<Record<string, string[]>>;
}

describe('scopes, from the API document', () => {
  it('declares the apiToken scheme, and every scope a route names is one of the scopes', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const named = new Set<string>();
    for (const ops of Object.values(doc.paths as Record<string, Record<string, Operation>>))
      for (const op of Object.values(ops))
        for (const r of op.security ?? []) for (const scope of r.apiToken ?? []) named.add(scope);
    expect([...named].filter((s) => !(API_TOKEN_SCOPES as readonly string[]).includes(s))).toEqual([]);
    // Every scope reaches at least one route; scim's routes are SCIM's own, outside the document
    // (docs/decisions/038), and its tests walk them.
    expect([...named].sort()).toEqual(API_TOKEN_SCOPES.filter((s) => s !== 'scim').sort());
  });

  it('a token reaches exactly the routes its scopes name: with the scope it is not refused, without it 403 names it', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const routes = routesOf(doc);
    const holding = Object.fromEntries(
      await Promise.all(API_TOKEN_SCOPES.map(async (s) => [s, (await makeToken([s], `only ${s}`)).token])),
    ) as Record<ApiTokenScope, string>;
    const all = await makeToken(API_TOKEN_SCOPES, 'every scope');
    // One token per set of scopes a route lacks: every scope but the route's.
    const lacking = new Map<string, string>();
    const tokenWithout = async (scopes: ApiTokenScope[]) => {
      const key = scopes.join(' ');
      if (!lacking.has(key))
        lacking.set(
          key,
          (
            await makeToken(
              API_TOKEN_SCOPES.filter((s) => !scopes.includes(s)),
              `without ${key}`,
            )
          ).token,
        );
      return lacking.get(key)!;
    };
    const problems: string[] = [];
    let walked = 0;
    for (const route of routes) {
      const scopes = (route.security ?? []).flatMap((r) => r.apiToken ?? []) as ApiTokenScope[];
      const name = `${route.method} ${route.path}`;
      const url = fillPath(route, {});
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      if (scopes.length === 0) {
        // Not a token's route: refused whatever the token holds (the operator's routes do not exist).
        if (!(route.security ?? []).some((r) => 'bearer' in r)) continue;
        const res = await callWith(all.token, route.method, url, body);
        // Where no sign-in is needed (signing out), the token counts as none: it signs nobody out.
        const optional = (route.security ?? []).some((r) => Object.keys(r).length === 0);
        const expected = route.path.startsWith('/api/ops/') ? 404 : optional ? 200 : 403;
        if (res.status !== expected) problems.push(`${name}: a token with every scope → ${res.status}`);
        continue;
      }
      walked++;
      for (const scope of scopes) {
        const res = await callWith(holding[scope], route.method, url, body);
        if (res.status === 401 || (res.status === 403 && /scope/.test(refusal(res.body) ?? '')))
          problems.push(`${name}: a token with ${scope} → ${res.status} ${refusal(res.body)}`);
      }
      const res = await callWith(await tokenWithout(scopes), route.method, url, body);
      if (res.status !== 403 || !scopes.every((s) => refusal(res.body)?.includes(s)))
        problems.push(`${name}: a token without ${scopes.join(', ')} → ${res.status} ${refusal(res.body)}`);
    }
    expect(problems).toEqual([]);
    expect(walked).toBeGreaterThanOrEqual(20);
  });
});

describe('calls with a token', () => {
  it('need no XSRF header, and the Activity log names the token, not a person', async () => {
    const { token } = await makeToken(['subscriptions:read', 'subscriptions:write'], 'Nightly rename');
    const [first] = (await callWith(token, 'GET', '/api/subscription/all')).body as unknown as Array<
      Record<string, unknown>
    >;
    const saved = await callWith(token, 'PUT', `/api/subscription/${first!.subscriptionId}`, {
      description: 'Renamed by the pipeline',
      pricingPlanId: first!.pricingPlanId,
      maxAdditionalMonthlyCharge: first!.maxAdditionalMonthlyCharge,
      xtraAutoTags: first!.xtraAutoTags,
      numberMachines: first!.numberMachines,
      version: first!.version,
    });
    expect(saved.status).toBe(200);
    const activity = (await admin.get('/api/organization/activity?kind=subscription.updated')).body;
    const entry = activity.items.find((e: { summary: string }) =>
      e.summary.includes('Renamed by the pipeline'),
    );
    expect(entry).toMatchObject({
      actor: { kind: 'api-token', name: 'Nightly rename' },
      address: '127.0.0.1',
    });
    expect(entry.actor.personId).toBeUndefined();
  });

  it('is refused on sign-in routes and sessions; a session token is not taken for an API token', async () => {
    const { token } = await makeToken(API_TOKEN_SCOPES, 'Everything');
    expect((await callWith(token, 'GET', '/api/person/sessions')).status).toBe(403);
    expect((await callWith(token, 'GET', '/api/person/current')).status).toBe(403);
    expect((await callWith(token, 'GET', '/api/ops/organizations')).status).toBe(404);
    expect((await callWith('sk_org_not-a-token', 'GET', '/api/subscription/all')).status).toBe(401);
    // A person's session is what it was: the browser's mutations still echo the XSRF cookie.
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/person/999999',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('XSRF');
  });

  it('are limited per token: beyond 300 a minute, 429 with Retry-After; another token is unaffected', async () => {
    const busy = await makeToken(['users:read'], 'Runaway loop');
    const calm = await makeToken(['users:read'], 'Calm');
    let status = 200;
    let calls = 0;
    while (status === 200 && calls < 400) {
      status = (await callWith(busy.token, 'GET', '/api/person/all')).status;
      calls++;
    }
    expect(status).toBe(429);
    expect(calls).toBe(301);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/person/all',
      headers: { authorization: `Bearer ${busy.token}` },
    });
    expect(refused.json().message).toBe('Too many calls with this API token. Wait a moment and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await callWith(calm.token, 'GET', '/api/person/all')).status).toBe(200);
    await t.endThrottleWindows();
  });

  it('never writes a token to the log', () => {
    expect(issued.length).toBeGreaterThan(10);
    const text = log.text();
    expect(text.length).toBeGreaterThan(0);
    for (const token of issued) expect(text).not.toContain(token.slice(15));
  });
});
