import { Rights } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOperator } from '../../../test/support/operator';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { persons } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { DEMO_OPERATOR_EMAIL } from '../../seed/operator';
import { createOperatorsService, STORE_ORGANIZATION_NAME } from '../accounts';

// The operator gate (docs/decisions/015), over every /api/ops route the API document lists:
// 401 without a token, 404 to a customer (admins included) whatever else is wrong, 403 to an
// operator without the XSRF echo on a mutation, and "set up two-factor first" to an operator who
// has not enrolled.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let t: TestApp;
let routes: { method: Method; url: string; mutation: boolean }[];
let operator: Awaited<ReturnType<typeof loginOperator>>;

beforeAll(async () => {
  t = await createTestApp();
  operator = await loginOperator(t);
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/ops/'))
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => ({
        method: m.toUpperCase() as Method,
        url: path.replace(/\{[^}]+\}/g, '1'),
        mutation: m !== 'get',
      })),
    );
});
afterAll(() => t?.close());

const send = (method: Method, url: string, headers: Record<string, string>, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

describe('the operator gate', () => {
  it('covers every route of the contract', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/ops/organizations',
        'GET /api/ops/organizations/1',
        'PUT /api/ops/organizations/1/terms',
        'POST /api/ops/organizations/1/perpetual-licenses',
        'POST /api/ops/organizations/1/admins',
        'POST /api/ops/persons/1/verification-mail',
        'GET /api/ops/catalog',
        'POST /api/ops/products',
        'PUT /api/ops/products/1',
        'PUT /api/ops/products/1/eula',
        'POST /api/ops/plans',
        'PUT /api/ops/plans/1',
        'GET /api/ops/plans/1/impact',
        'GET /api/ops/bills',
        'GET /api/ops/bills/1',
        'POST /api/ops/bills/1/mark-paid',
        'POST /api/ops/bills/1/retry',
        'POST /api/ops/bills/1/void',
        'POST /api/ops/bills/1/write-off',
        'GET /api/ops/billing-runs',
        'POST /api/ops/billing-runs',
        'POST /api/ops/organizations/1/subscriptions/1/cancel',
        'POST /api/ops/organizations/1/subscriptions/1/change-quote',
        'POST /api/ops/organizations/1/subscriptions/1/change',
        'POST /api/ops/organizations/1/subscriptions/1/extend',
        'POST /api/ops/organizations/1/persons/1/two-factor-reset',
        'POST /api/ops/organizations/1/persons/1/demote',
        'DELETE /api/ops/organizations/1/persons/1',
        'POST /api/ops/plans/1/subscribers/move',
      ]),
    );
  });

  it('401 without a token, on every route', async () => {
    for (const r of routes) {
      const res = await send(
        r.method,
        r.url,
        { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
        r.mutation ? {} : undefined,
      );
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('404 to a customer admin, as for a route that does not exist, even without the XSRF echo', async () => {
    const admin = await t.loginDemo();
    for (const r of routes) {
      const auth = { authorization: `Bearer ${admin.token}` };
      const withXsrf = await send(
        r.method,
        r.url,
        { ...auth, cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
        r.mutation ? {} : undefined,
      );
      expect(withXsrf.statusCode, `${r.method} ${r.url}`).toBe(404);
      expect(withXsrf.json().message).toBe(`No such endpoint: ${r.method} ${r.url}`);
      const without = await send(r.method, r.url, auth, r.mutation ? {} : undefined);
      expect(without.statusCode, `${r.method} ${r.url} without XSRF`).toBe(404);
    }
  });

  it('403 to an operator without the XSRF echo on every mutation; their rights carry the operator bit', async () => {
    expect(operator.person.rights & Rights.Operator).toBe(Rights.Operator);
    const me = await operator.get('/api/person/current');
    expect(me.body.rights & Rights.Operator).toBe(Rights.Operator);
    for (const r of routes.filter((x) => x.mutation)) {
      const res = await send(r.method, r.url, { authorization: `Bearer ${operator.token}` }, {});
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().code).toBe('XSRF');
    }
    const list = await operator.get('/api/ops/organizations');
    expect(list.status).toBe(200);
  });

  it('an operator who has not enrolled two-factor is sent to set it up first, on every route', async () => {
    await createOperatorsService(t.deps).addOperator({
      email: 'new.operator@example.com',
      firstName: 'Nia',
      lastName: 'New',
      passwordHash: await hashPassword('new-operator-password'),
    });
    const login = await t.client().post('/api/authenticate', {
      email: 'new.operator@example.com',
      password: 'new-operator-password',
      orgId: null,
    });
    expect(login.body.success).toBe(true);
    expect(login.body.twoFactorSetupRequired).toBe(true);
    const op = t.client(login.body.token);
    for (const r of routes) {
      const res =
        r.method === 'GET'
          ? await op.get(r.url)
          : r.method === 'PUT'
            ? await op.put(r.url, {})
            : r.method === 'DELETE'
              ? await op.delete(r.url)
              : await op.post(r.url, {});
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      expect(res.body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    }
    // The set-up itself answers; turning two-factor off is refused to operators.
    expect((await op.get('/api/person/2fa')).body.setupRequired).toBe(true);
    expect(await createOperatorsService(t.deps).removeOperator('new.operator@example.com')).toBe(true);
    expect((await op.get('/api/person/current')).status).toBe(401);
  });

  it('a person body can never grant the operator bit', async () => {
    const admin = await t.loginDemo();
    const colleagues = await t.db
      .select()
      .from(persons)
      .where(eq(persons.organizationId, admin.organization.organizationId));
    const jane = colleagues.find((p) => p.id !== admin.person.personId);
    for (const rights of [Rights.Operator, Rights.User | Rights.Operator, 7 | Rights.Operator]) {
      const res = await admin.post(`/api/person/update/${jane!.id}`, { rights });
      expect(res.status).toBe(403);
    }
    const [after] = await t.db.select().from(persons).where(eq(persons.id, jane!.id));
    expect(after!.rights & Rights.Operator).toBe(0);
  });

  it("customers never see the store's organization: not at sign-in, not in the operator's search", async () => {
    // A customer with the operator's e-mail address in another organization, another password.
    const [demoAdmin] = await t.db.select().from(persons).where(eq(persons.email, 'demo@example.com'));
    await t.db.insert(persons).values({
      organizationId: demoAdmin!.organizationId,
      rights: Rights.User,
      passwordHash: await hashPassword('customer-password'),
      firstName: 'Same',
      lastName: 'Address',
      email: DEMO_OPERATOR_EMAIL,
      emailVerified: true,
    });
    const res = await t.client().post('/api/authenticate', {
      email: DEMO_OPERATOR_EMAIL,
      password: 'customer-password',
      orgId: null,
    });
    expect(res.body.success).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(STORE_ORGANIZATION_NAME);
    const found = await operator.get('/api/ops/organizations?q=operators');
    expect(found.body.total).toBe(0);
    const all = await operator.get('/api/ops/organizations');
    expect(all.body.items.map((o: { name: string }) => o.name)).not.toContain(STORE_ORGANIZATION_NAME);
  });
});
