import { BillStatus, Rights } from '@store/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  badBodies,
  badPathValues,
  fieldMutations,
  fillPath,
  type Method,
  oddQueries,
  type Route,
  requiresToken,
  requiresXsrf,
  routesOf,
  sample,
} from '../../test/support/api-robustness';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import {
  machineActivations,
  orders,
  organizations,
  perpetualLicenses,
  persons,
  pricingPlans,
  subscriptions,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { insertBill, insertLines } from '../modules/bills/bills.repository';
import {
  DEMO_COMPANY,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_SUB_ACCOUNT,
  DEMO_USER_EMAIL,
} from '../seed/organizations';

/**
 * A security and robustness pass over every route of the generated OpenAPI document (docs/design.md §4):
 * bad input never gives a 5xx, another organization's ids give 404, anonymous callers get 401,
 * plain users 403 on admin calls, and mutations without the XSRF header 403.
 */

/** Anyone may call these without a token (sign-in, catalog, registration, links, engines). */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/misc/config',
  'POST /api/authenticate',
  'GET /api/person/logout',
  'GET /api/product/all',
  'GET /api/product/plans_for_product/{productName}',
  'GET /api/product/plan_with_id/{id}',
  'GET /api/product/eula/{planId}',
  'GET /api/misc/billingCycleDiscounts',
  'GET /api/misc/country-codes',
  'GET /api/misc/stripePublicKey',
  'POST /api/organization/register',
  'POST /api/person/verify_email/{verifyId}',
  'GET /api/person/password_reset_request/{address}',
  'GET /api/person/valid_reset_request/{resetId}',
  'POST /api/person/reset_password/{resetId}',
  'GET /api/licensing/public-key',
  'POST /api/licensing/activate',
  'POST /api/licensing/heartbeat',
  'POST /api/licensing/validate',
  'POST /api/licensing/usage',
  'POST /api/licensing/leases',
  'POST /api/licensing/leases/{leaseId}/heartbeat',
  'POST /api/licensing/leases/{leaseId}/borrow',
  'DELETE /api/licensing/leases/{leaseId}',
  'GET /api/sso/offered',
  'POST /api/sso/exchange',
  'GET /api/sso/saml/metadata/{organizationId}',
]);

/** Routes whose 4xx answers follow the licensing protocol: only "never a 5xx" is asserted. */
const isLicensing = (r: Route) => r.path.startsWith('/api/licensing/');
/**
 * Link and reset routes answer 200 `{ success: false }` / `{ valid: false }` / the same text for any
 * token or address (no enumeration, docs/design.md §4): for their path values only "never a 5xx" counts.
 */
const ANSWERS_THE_SAME = new Set([
  'POST /api/person/verify_email/{verifyId}',
  'GET /api/person/password_reset_request/{address}',
  'GET /api/person/valid_reset_request/{resetId}',
  'POST /api/person/reset_password/{resetId}',
]);
/** Calling these as the shared admin would end its session or send mail to real demo people. */
const NOT_AS_ADMIN = new Set(['GET /api/person/logout']);

const RIVAL_PASSWORD = 'rival-password-1';
const RIVAL_EMAIL = 'rival-admin@example.com';

type Client = Awaited<ReturnType<TestApp['login']>>;

interface Sent {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever JSON came back
  json: any;
  contentType: string;
}

let t: TestApp;
let routes: Route[];
let admin: Client;
let jane: Client;
let europe: Client;
let rival: Client;

const ids = {
  demoOrg: 0,
  europeOrg: 0,
  demoSub: 0,
  demoSubs: [] as number[],
  perpetualSub: 0,
  demoOrder: 0,
  janePerson: 0,
  demoAdminPerson: 0,
  planId: 0,
  rivalOrg: 0,
  rivalSubOrg: 0,
  rivalAdmin: 0,
  rivalUser: 0,
  rivalSub: 0,
  rivalPerpetualSub: 0,
  rivalOrder: 0,
  rivalMachine: 0,
  demoMachine: 0,
};

/** A raw request: the body as given (string = raw payload), token and XSRF header optional. */
async function send(
  method: Method,
  url: string,
  opts: { token?: string; payload?: string; contentType?: string | null; xsrf?: boolean } = {},
): Promise<Sent> {
  const xsrf = 'robustness-xsrf';
  const headers: Record<string, string> = {};
  if (opts.xsrf !== false) {
    headers.cookie = `XSRF-TOKEN=${xsrf}`;
    headers['x-xsrf-token'] = xsrf;
  }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const sentType = opts.contentType === undefined ? 'application/json' : opts.contentType;
  if (opts.payload !== undefined && sentType) headers['content-type'] = sentType;
  const res = await t.app.inject({ method, url, payload: opts.payload, headers });
  const contentType = String(res.headers['content-type'] ?? '');
  let json: unknown = null;
  try {
    json = res.json();
  } catch {
    json = null;
  }
  return { status: res.statusCode, json, contentType };
}

const short = (s: string | undefined) =>
  s === undefined ? '(no body)' : s.length > 160 ? `${s.slice(0, 160)}… (${s.length} chars)` : s;

/** The one error shape: a JSON body with a string message. */
function errorShapeProblem(res: Sent): string | null {
  if (!res.contentType.includes('application/json')) return `content-type ${res.contentType}`;
  if (typeof res.json?.message !== 'string' || res.json.message.length === 0) return 'no string message';
  return null;
}

/** Checks a bad-input answer: never 5xx; unless only that is asked, a 4xx with `{ message }`. */
function checkBad(failures: string[], label: string, res: Sent, onlyNo5xx: boolean) {
  if (res.status >= 500) {
    failures.push(`${label} → ${res.status} ${JSON.stringify(res.json)}`);
    return;
  }
  if (onlyNo5xx) {
    if (res.status >= 400) {
      const problem = errorShapeProblem(res);
      if (problem) failures.push(`${label} → ${res.status} ${problem}`);
    }
    return;
  }
  if (res.status < 400) {
    failures.push(`${label} → ${res.status} (expected a 4xx) ${short(JSON.stringify(res.json))}`);
    return;
  }
  const problem = errorShapeProblem(res);
  if (problem) failures.push(`${label} → ${res.status} ${problem}`);
}

const key = (r: Route) => `${r.method} ${r.path}`;

beforeAll(async () => {
  t = await createTestApp();
  const doc = await t.client().get('/api/openapi.json');
  // The operator's routes answer 404 to every customer (their gate and input: modules/operator-console tests).
  routes = routesOf(doc.body).filter((r) => !r.path.startsWith('/api/ops/'));

  // Every sign-in happens here, before the bad-input storm can reach the sign-in throttle.
  admin = await t.loginDemo();
  ids.demoOrg = admin.organization.organizationId;
  ids.demoAdminPerson = admin.person.personId;
  const [europeOrg] = await t.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.companyName, DEMO_SUB_ACCOUNT));
  ids.europeOrg = europeOrg!.id;
  europe = await t.login(DEMO_EMAIL, DEMO_PASSWORD, ids.europeOrg);
  jane = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
  ids.janePerson = jane.person.personId;

  const demoSubs = await t.db
    .select({
      id: subscriptions.id,
      active: subscriptions.isActive,
      perpetual: subscriptions.isPerpetualLicense,
    })
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, ids.demoOrg));
  ids.demoSubs = demoSubs.map((s) => s.id);
  ids.demoSub = demoSubs.find((s) => s.active && !s.perpetual)!.id;
  const [demoMachine] = await t.db
    .insert(machineActivations)
    .values({
      subscriptionId: ids.demoSub,
      kind: 'designer',
      hostname: 'robust-host',
      activatedAt: t.clock.now(),
      lastSeenAt: t.clock.now(),
    })
    .returning({ id: machineActivations.id });
  ids.demoMachine = demoMachine!.id;
  const [perpetual] = await t.db.select({ id: perpetualLicenses.subscriptionId }).from(perpetualLicenses);
  ids.perpetualSub = perpetual!.id;
  const [demoOrder] = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.organizationId, ids.demoOrg));
  ids.demoOrder = demoOrder!.id;
  const [plan] = await t.db.select({ id: pricingPlans.id }).from(pricingPlans).limit(1);
  ids.planId = plan!.id;

  // A second, unrelated organization with an admin, a user, a sub-account, subscriptions and a bill.
  const now = t.clock.now();
  const [rivalOrg] = await t.db
    .insert(organizations)
    .values({
      companyName: 'Robust Rival Corp',
      addr1: '1 Rival Way',
      city: 'Rivalton',
      country: 'US',
      zip: '10001',
    })
    .returning({ id: organizations.id });
  ids.rivalOrg = rivalOrg!.id;
  const [rivalSubOrg] = await t.db
    .insert(organizations)
    .values({ companyName: 'Robust Rival Subsidiary', parentOrganizationId: ids.rivalOrg })
    .returning({ id: organizations.id });
  ids.rivalSubOrg = rivalSubOrg!.id;
  const passwordHash = await hashPassword(RIVAL_PASSWORD);
  const [rivalAdmin, rivalUser] = await t.db
    .insert(persons)
    .values([
      {
        organizationId: ids.rivalOrg,
        rights: Rights.User | Rights.Admin,
        passwordHash,
        firstName: 'RivalAdminFirst',
        lastName: 'Rival',
        email: RIVAL_EMAIL,
        emailVerified: true,
      },
      {
        organizationId: ids.rivalOrg,
        rights: 1,
        passwordHash,
        firstName: 'RivalUserFirst',
        lastName: 'Rival',
        email: 'rival-user@example.com',
        emailVerified: true,
      },
    ])
    .returning({ id: persons.id });
  ids.rivalAdmin = rivalAdmin!.id;
  ids.rivalUser = rivalUser!.id;
  const nextMonth = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
  const [rivalSub, rivalPerpetualSub] = await t.db
    .insert(subscriptions)
    .values([
      {
        organizationId: ids.rivalOrg,
        pricingPlanId: ids.planId,
        description: 'RIVAL-SUB-MARKER',
        billingMode: 1,
        apiKey1: 'rival-api-key-robustness-1',
        currentPeriodStart: now,
        nextBaseBillingDate: nextMonth,
        isOfflineEnabled: true,
        offlineLicenseKey: 'rival-offline-key',
        offlineEngineHosts: 'rival-host',
        offlineAutoTagHosts: '',
      },
      {
        organizationId: ids.rivalOrg,
        pricingPlanId: ids.planId,
        description: 'RIVAL-PERPETUAL-MARKER',
        billingMode: 1,
        isPerpetualLicense: true,
        apiKey1: 'rival-api-key-robustness-2',
        currentPeriodStart: now,
      },
    ])
    .returning({ id: subscriptions.id });
  ids.rivalSub = rivalSub!.id;
  ids.rivalPerpetualSub = rivalPerpetualSub!.id;
  await t.db.insert(perpetualLicenses).values({
    subscriptionId: ids.rivalPerpetualSub,
    description: 'RIVAL-PERPETUAL-LICENSE',
    version: '2025.1',
    product: 1,
    numMachines: 1,
    numCpus: 4,
  });
  const [rivalMachine] = await t.db
    .insert(machineActivations)
    .values({
      subscriptionId: ids.rivalSub,
      kind: 'engine',
      hostname: 'rival-host',
      activatedAt: now,
      lastSeenAt: now,
    })
    .returning({ id: machineActivations.id });
  ids.rivalMachine = rivalMachine!.id;
  const rivalOrder = await insertBill(t.db, {
    organizationId: ids.rivalOrg,
    kind: 'purchase',
    status: BillStatus.ChargePaid,
    totalCents: 12_345,
    billingDate: now,
    paidAt: now,
    billedTo: { companyName: 'Robust Rival Corp' },
  });
  ids.rivalOrder = rivalOrder!.id;
  await insertLines(t.db, ids.rivalOrder, [
    {
      subscriptionId: ids.rivalSub,
      description: 'RIVAL-ORDER-MARKER',
      productName: 'Rival product',
      planName: 'Rival plan',
      billingMode: 1,
      periodStart: now,
      periodEnd: nextMonth,
      listCents: 12_345,
      amountCents: 12_345,
    },
  ]);
  rival = await t.login(RIVAL_EMAIL, RIVAL_PASSWORD, ids.rivalOrg);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  test('lists the routes this pass covers', () => {
    const keys = routes.map(key);
    expect(keys.length).toBeGreaterThan(30);
    for (const k of [
      'GET /api/subscription/{id}',
      'POST /api/person/update/{personId}',
      'GET /api/order/invoice/{orderId}',
    ])
      expect(keys).toContain(k);
    // The document's declarations agree with this list of routes anyone may call.
    expect(
      routes
        .filter((r) => !requiresToken(r))
        .map(key)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });
});

describe('bad input as the demo admin: never a 5xx, always a 4xx { message }', () => {
  test('path parameters that are not valid ids or names', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.params.length > 0 && !NOT_AS_ADMIN.has(key(r)))) {
      const body = route.body
        ? JSON.stringify(sample(route.body))
        : route.method === 'GET'
          ? undefined
          : '{}';
      for (const param of route.params) {
        for (const bad of badPathValues(param.schema)) {
          const url = fillPath(route, { [param.name]: bad });
          const res = await send(route.method, url, { token: admin.token, payload: body });
          checkBad(
            failures,
            `${route.method} ${url}`,
            res,
            isLicensing(route) || ANSWERS_THE_SAME.has(key(route)),
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  test('bodies of the wrong shape, missing, nested, oversized, of the wrong type', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.body)) {
      const url = fillPath(route, {});
      for (const bad of badBodies(route.body!)) {
        const res = await send(route.method, url, {
          token: admin.token,
          payload: bad.payload,
          contentType: bad.contentType,
        });
        checkBad(
          failures,
          `${route.method} ${url} [${bad.label}] ${short(bad.payload)}`,
          res,
          isLicensing(route),
        );
      }
      for (const bad of fieldMutations(route.body!)) {
        const payload = JSON.stringify(bad.body);
        const res = await send(route.method, url, { token: admin.token, payload });
        checkBad(
          failures,
          `${route.method} ${url} [${bad.label}] ${short(payload)}`,
          res,
          isLicensing(route),
        );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  test('schema-valid but impossible values on real rows: refused with a 4xx, never a 5xx', async () => {
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ids.demoSub));
    const edit = {
      description: sub!.description,
      pricingPlanId: sub!.pricingPlanId,
      maxAdditionalMonthlyCharge: 0,
      xtraAutoTags: sub!.xtraAutoTags,
      numberMachines: sub!.numberMachines,
      version: sub!.version,
    };
    const calls: Array<{ method: Method; url: string; body: unknown }> = [
      {
        method: 'PUT',
        url: `/api/subscription/${ids.demoSub}`,
        body: { ...edit, pricingPlanId: 2_147_483_648 },
      },
      {
        method: 'PUT',
        url: `/api/subscription/${ids.demoSub}`,
        body: { ...edit, version: 9_007_199_254_740_991 },
      },
      {
        method: 'PUT',
        url: `/api/subscription/${ids.demoSub}`,
        body: { ...edit, description: 'nul\u0000byte' },
      },
      { method: 'POST', url: `/api/person/update/${ids.janePerson}`, body: { firstName: 'nul\u0000byte' } },
      {
        method: 'POST',
        url: '/api/subscription/make-offline',
        body: { subscriptionId: ids.demoSub, engineHostNames: 'host\u0000one', autoTagHostNames: '' },
      },
    ];
    const failures: string[] = [];
    for (const call of calls) {
      const payload = JSON.stringify(call.body);
      const res = await send(call.method, call.url, { token: admin.token, payload });
      checkBad(failures, `${call.method} ${call.url} ${short(payload)}`, res, false);
    }
    expect(failures).toEqual([]);
  });

  test('mutating routes without a body schema shrug off junk bodies', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !r.body && r.method !== 'GET' && !NOT_AS_ADMIN.has(key(r)))) {
      const url = fillPath(route, {});
      for (const payload of ['{', '[]', 'null', JSON.stringify({ a: 'x'.repeat(300_000) })]) {
        const res = await send(route.method, url, { token: admin.token, payload });
        checkBad(failures, `${route.method} ${url} ${short(payload)}`, res, true);
      }
    }
    expect(failures).toEqual([]);
  });

  test('odd query strings on GET routes', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && !NOT_AS_ADMIN.has(key(r)))) {
      const url = fillPath(route, {});
      for (const query of oddQueries()) {
        const res = await send('GET', `${url}?${query}`, { token: admin.token });
        // A route without a query schema may ignore the query: only 5xx and the error shape count.
        checkBad(failures, `GET ${url}?${short(query)}`, res, true);
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Every call that names one of `owner`'s ids, made by someone of another organization. */
function idCalls(target: {
  sub: number;
  perpetualSub: number;
  person: number;
  otherPerson: number;
  order: number;
  subOrg: number;
  org: number;
  machine: number;
}): Array<{ method: Method; url: string; body?: unknown }> {
  return [
    { method: 'GET', url: `/api/subscription/${target.sub}` },
    { method: 'GET', url: `/api/subscription/${target.sub}/plans` },
    { method: 'GET', url: `/api/subscription/${target.sub}/flush-keys` },
    { method: 'GET', url: `/api/subscription/${target.sub}/machines` },
    { method: 'DELETE', url: `/api/subscription/${target.sub}/machines/${target.machine}` },
    { method: 'GET', url: `/api/subscription/${target.sub}/detailedFlexUsage` },
    { method: 'GET', url: `/api/subscription/${target.sub}/offline-license` },
    { method: 'GET', url: `/api/perpetualstorelicense/${target.perpetualSub}` },
    {
      method: 'PUT',
      url: `/api/subscription/${target.sub}`,
      body: {
        description: 'HIJACKED',
        pricingPlanId: ids.planId,
        maxAdditionalMonthlyCharge: 0,
        xtraAutoTags: 0,
        numberMachines: 0,
        version: 1,
      },
    },
    {
      method: 'POST',
      url: '/api/subscription/make-offline',
      body: { subscriptionId: target.sub, engineHostNames: 'evil-host', autoTagHostNames: '' },
    },
    { method: 'GET', url: `/api/person/${target.person}` },
    { method: 'POST', url: `/api/person/update/${target.otherPerson}`, body: { firstName: 'Hijacked' } },
    { method: 'GET', url: `/api/order/invoice/${target.order}` },
    { method: 'GET', url: `/api/organization/subaccountname/${target.subOrg}` },
    { method: 'GET', url: `/api/organization/subaccountname/${target.org}` },
    { method: 'DELETE', url: `/api/person/${target.otherPerson}` },
    { method: 'DELETE', url: `/api/subscription/${target.sub}` },
  ];
}

async function expectAll404(caller: Client, calls: ReturnType<typeof idCalls>) {
  const failures: string[] = [];
  for (const call of calls) {
    const res = await send(call.method, call.url, {
      token: caller.token,
      payload: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    if (res.status !== 404 || typeof res.json?.message !== 'string') {
      failures.push(
        `${call.method} ${call.url} ${call.body ? JSON.stringify(call.body) : ''} → ${res.status} ${short(JSON.stringify(res.json))}`,
      );
    }
  }
  return failures;
}

describe('cross-organization isolation', () => {
  test('the demo admin gets 404 on every id of an unrelated organization, and nothing changes', async () => {
    const failures = await expectAll404(
      admin,
      idCalls({
        sub: ids.rivalSub,
        perpetualSub: ids.rivalPerpetualSub,
        person: ids.rivalAdmin,
        otherPerson: ids.rivalUser,
        order: ids.rivalOrder,
        subOrg: ids.rivalSubOrg,
        org: ids.rivalOrg,
        machine: ids.rivalMachine,
      }),
    );
    expect(failures).toEqual([]);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ids.rivalSub));
    expect(sub).toMatchObject({
      description: 'RIVAL-SUB-MARKER',
      isActive: true,
      offlineEngineHosts: 'rival-host',
    });
    const activations = await t.db
      .select()
      .from(machineActivations)
      .where(eq(machineActivations.subscriptionId, ids.rivalSub));
    expect(activations).toHaveLength(1);
    const [user] = await t.db.select().from(persons).where(eq(persons.id, ids.rivalUser));
    expect(user?.firstName).toBe('RivalUserFirst');
  });

  test("the other organization's admin gets 404 on every id of Demo Documents Inc.", async () => {
    const [jan] = await t.db.select().from(persons).where(eq(persons.id, ids.janePerson));
    const [before] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ids.demoSub));
    const failures = await expectAll404(
      rival,
      idCalls({
        sub: ids.demoSub,
        perpetualSub: ids.perpetualSub,
        person: ids.demoAdminPerson,
        otherPerson: ids.janePerson,
        order: ids.demoOrder,
        subOrg: ids.europeOrg,
        org: ids.demoOrg,
        machine: ids.demoMachine,
      }),
    );
    expect(failures).toEqual([]);
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ids.demoSub));
    expect(after).toEqual(before);
    const [janAfter] = await t.db.select().from(persons).where(eq(persons.id, ids.janePerson));
    expect(janAfter).toEqual(jan);
  });

  test("list endpoints never contain the other organization's rows", async () => {
    const subs = await admin.get('/api/subscription/all');
    expect(subs.status).toBe(200);
    const subIds = subs.body.map((s: { subscriptionId: number }) => s.subscriptionId);
    expect(subIds).not.toContain(ids.rivalSub);
    expect(subIds).not.toContain(ids.rivalPerpetualSub);
    expect(JSON.stringify(subs.body)).not.toContain('RIVAL');

    const people = await admin.get('/api/person/all');
    expect(people.status).toBe(200);
    const personIds = people.body.map((p: { personId: number }) => p.personId);
    expect(personIds).not.toContain(ids.rivalAdmin);
    expect(personIds).not.toContain(ids.rivalUser);
    expect(JSON.stringify(people.body)).not.toContain('rival');

    const bills = await admin.get('/api/order/history');
    expect(bills.status).toBe(200);
    expect(bills.body.map((b: { orderId: number }) => b.orderId)).not.toContain(ids.rivalOrder);

    const rivalSubs = await rival.get('/api/subscription/all');
    expect(rivalSubs.status).toBe(200);
    expect(rivalSubs.body.map((s: { subscriptionId: number }) => s.subscriptionId).sort()).toEqual(
      [ids.rivalSub, ids.rivalPerpetualSub].sort(),
    );
    const rivalPeople = await rival.get('/api/person/all');
    expect(rivalPeople.body.map((p: { personId: number }) => p.personId).sort()).toEqual(
      [ids.rivalAdmin, ids.rivalUser].sort(),
    );
    const rivalBills = await rival.get('/api/order/history');
    expect(rivalBills.body.map((b: { orderId: number }) => b.orderId)).toEqual([ids.rivalOrder]);
  });

  test("a sub-account does not see its parent's subscriptions, people or bills", async () => {
    expect(europe.organization.companyName).toBe(DEMO_SUB_ACCOUNT);
    const subs = await europe.get('/api/subscription/all');
    expect(subs.status).toBe(200);
    const seen = subs.body.map((s: { subscriptionId: number }) => s.subscriptionId);
    for (const id of ids.demoSubs) expect(seen).not.toContain(id);
    const europeOwn = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, ids.europeOrg));
    expect(seen.sort()).toEqual(europeOwn.map((s) => s.id).sort());

    const failures: string[] = [];
    for (const url of [
      `/api/subscription/${ids.demoSub}`,
      `/api/subscription/${ids.demoSub}/plans`,
      `/api/subscription/${ids.demoSub}/detailedFlexUsage`,
      `/api/subscription/${ids.demoSub}/flush-keys`,
      `/api/subscription/${ids.demoSub}/machines`,
      `/api/person/${ids.janePerson}`,
      `/api/order/invoice/${ids.demoOrder}`,
      `/api/organization/subaccountname/${ids.demoOrg}`,
    ]) {
      const res = await send('GET', url, { token: europe.token });
      if (res.status !== 404) failures.push(`GET ${url} as ${DEMO_SUB_ACCOUNT} → ${res.status}`);
    }
    expect(failures).toEqual([]);
    const people = await europe.get('/api/person/all');
    expect(people.body.map((p: { personId: number }) => p.personId)).not.toContain(ids.janePerson);
    const bills = await europe.get('/api/order/history');
    expect(bills.body.map((b: { orderId: number }) => b.orderId)).not.toContain(ids.demoOrder);

    // The parent may name its own sub-account (and only its own).
    const name = await admin.get(`/api/organization/subaccountname/${ids.europeOrg}`);
    expect(name.status).toBe(200);
    expect(JSON.stringify(name.body)).toContain(DEMO_SUB_ACCOUNT);
  });
});

describe('authentication and authorization', () => {
  test('every non-public route answers 401 without a token (even with a valid body)', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const url = fillPath(route, {});
      const payload = route.body
        ? JSON.stringify(sample(route.body))
        : route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : '{}';
      const res = await send(route.method, url, { payload });
      if (!requiresToken(route)) {
        if (res.status === 401 || res.status >= 500)
          failures.push(`public ${route.method} ${url} → ${res.status} ${short(JSON.stringify(res.json))}`);
      } else if (res.status !== 401 || typeof res.json?.message !== 'string') {
        failures.push(`${route.method} ${url} ${short(payload)} → ${res.status} (expected 401)`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('an unknown or garbled bearer token is a 401 on signed-in routes; public routes ignore it', async () => {
    for (const token of ['not-a-token', 'x'.repeat(5000), '%00']) {
      const res = await send('GET', '/api/subscription/all', { token });
      expect(res.status).toBe(401);
      for (const url of [
        '/api/product/all',
        '/api/health',
        '/api/misc/country-codes',
        '/api/person/logout',
      ]) {
        const pub = await send('GET', url, { token });
        expect(pub.status, `${url} with a stale token`).toBe(200);
      }
    }
  });

  test('a plain user gets 403 on admin calls, and nothing changes', async () => {
    expect(jane.organization.companyName).toBe(DEMO_COMPANY);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ids.demoSub));
    const peopleBefore = await t.db.select().from(persons).where(eq(persons.organizationId, ids.demoOrg));
    const calls: Array<{ method: Method; url: string; body?: unknown }> = [
      {
        method: 'POST',
        url: '/api/person/create',
        body: {
          firstName: 'Sneaky',
          lastName: 'User',
          email: 'sneaky@example.com',
          password: 'sneaky-password',
        },
      },
      { method: 'DELETE', url: `/api/person/${ids.demoAdminPerson}` },
      { method: 'POST', url: `/api/person/update/${ids.demoAdminPerson}`, body: { firstName: 'Hijacked' } },
      {
        method: 'POST',
        url: `/api/person/update/${ids.janePerson}`,
        body: { rights: Rights.User | Rights.Admin },
      },
      { method: 'GET', url: '/api/person/all' },
      {
        method: 'PUT',
        url: '/api/organization/billing_info',
        body: {
          nameOnCard: 'Jane Miller',
          addr1: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          country: 'US',
          postalCode: '62701',
          sourceId: 'pm_card_visa',
          expireMonth: 12,
          expireYear: 2030,
          lastFour: '4242',
        },
      },
      { method: 'POST', url: '/api/organization/card_setup', body: {} },
      {
        method: 'POST',
        url: '/api/subscription/new',
        body: [
          {
            description: 'Sneaky purchase',
            pricingPlanId: ids.planId,
            maxAdditionalMonthlyCharge: 0,
            xtraAutoTags: 0,
            numberMachines: 0,
            billingMode: 1,
          },
        ],
      },
      {
        method: 'PUT',
        url: `/api/subscription/${ids.demoSub}`,
        body: {
          description: 'Sneaky edit',
          pricingPlanId: sub!.pricingPlanId,
          maxAdditionalMonthlyCharge: 0,
          xtraAutoTags: sub!.xtraAutoTags,
          numberMachines: sub!.numberMachines,
          version: sub!.version,
        },
      },
      {
        method: 'POST',
        url: '/api/subscription/make-offline',
        body: { subscriptionId: ids.demoSub, engineHostNames: 'sneaky-host', autoTagHostNames: '' },
      },
      { method: 'GET', url: `/api/subscription/${ids.demoSub}/flush-keys` },
      { method: 'DELETE', url: `/api/subscription/${ids.demoSub}/machines/${ids.demoMachine}` },
      { method: 'DELETE', url: `/api/subscription/${ids.demoSub}` },
    ];
    const failures: string[] = [];
    for (const call of calls) {
      const res = await send(call.method, call.url, {
        token: jane.token,
        payload: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      if (res.status !== 403 || typeof res.json?.message !== 'string')
        failures.push(
          `${call.method} ${call.url} as a plain user → ${res.status} ${short(JSON.stringify(res.json))}`,
        );
    }
    expect(failures).toEqual([]);
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ids.demoSub));
    expect(after).toEqual(sub);
    const peopleAfter = await t.db.select().from(persons).where(eq(persons.organizationId, ids.demoOrg));
    expect(peopleAfter).toEqual(peopleBefore);
    // A plain user may still read and edit their own record.
    expect((await jane.get(`/api/person/${ids.janePerson}`)).status).toBe(200);
  });

  test('mutating requests without the X-XSRF-TOKEN header answer 403', async () => {
    const failures: string[] = [];
    for (const route of routes.filter(requiresXsrf)) {
      const url = fillPath(route, {});
      const payload = route.body
        ? JSON.stringify(sample(route.body))
        : route.method === 'DELETE'
          ? undefined
          : '{}';
      // No header at all, then a header that does not match the cookie.
      const none = await send(route.method, url, { token: admin.token, payload, xsrf: false });
      if (none.status !== 403 || none.json?.code !== 'XSRF')
        failures.push(`${route.method} ${url} without XSRF → ${none.status}`);
      const res = await t.app.inject({
        method: route.method,
        url,
        payload,
        headers: {
          authorization: `Bearer ${admin.token}`,
          cookie: 'XSRF-TOKEN=cookie-value',
          'x-xsrf-token': 'other-value',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      });
      if (res.statusCode !== 403)
        failures.push(`${route.method} ${url} with a mismatched XSRF → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    // Nothing was bought or deleted on the way.
    const still = await t.db
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.organizationId, ids.demoOrg), eq(persons.id, ids.janePerson)));
    expect(still).toHaveLength(1);
  });
});
