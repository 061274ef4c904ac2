import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../../test/support/billing';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { runOps } from '../../cli/ops-commands';
import { queryRows } from '../../db/client';
import { twoFactorEnrolments } from '../../db/schema';
import { createOperatorsService } from '../accounts';

// The operator's view of the audit log and the entries of the operator's tool and the billing
// engine (docs/decisions/017).

let t: TestApp;
let operator: ReturnType<TestApp['client']>;
let operatorId: number;
let adminOrg: number;

const ops = (...argv: string[]) =>
  runOps(argv, {
    db: t.db,
    clock: t.clock,
    gateway: async () => t.gateway,
    mode: 'demo',
    publicUrl: 'http://localhost:3000',
    signingKeys: t.signingKeys,
    out: () => {},
    osUser: 'ana',
  });

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  // An operator enrolled in two-factor sign-in, with a session (the gate, not sign-in, is tested here).
  const { personId } = await createOperatorsService(t.deps).addOperator({
    email: 'olivia@store.example',
    firstName: 'Olivia',
    lastName: 'Operator',
    passwordHash: 'x',
  });
  await t.db
    .insert(twoFactorEnrolments)
    .values({ personId, secret: 'sealed', enabledAt: new Date(), lastStep: 0 });
  operatorId = personId;
  operator = t.client(await t.deps.sessions.issue(personId));
  adminOrg = (await t.loginDemo()).organization.organizationId;
});
afterAll(() => t.close());

describe('the operator tool', () => {
  it('is recorded as the account that ran the command, shown to the customer as the store operator', async () => {
    expect(await ops('org:set', String(adminOrg), '--discount', '0.1')).toBe(0);
    const all = await operator.get(`/api/ops/audit?organizationId=${adminOrg}&kind=organization.updated`);
    expect(all.status).toBe(200);
    expect(all.body.items[0]).toMatchObject({
      actor: { kind: 'operator', name: 'Operator command line (ana)' },
      summary: "Demo Documents Inc.: Discount '5%' → '10%'",
      before: { discountBp: 500 },
      after: { discountBp: 1000 },
      address: null,
    });
    const admin = await t.loginDemo();
    const seen = await admin.get('/api/organization/activity?kind=organization.updated');
    expect(seen.body.items[0].actor).toEqual({ kind: 'operator', name: 'Store operator' });
  });

  it('names the operator given with --as, and refuses a name that is not an operator', async () => {
    expect(await ops('org:set', String(adminOrg), '--invoice', 'yes', '--as', 'Olivia@Store.example')).toBe(
      0,
    );
    const [entry] = (
      await operator.get(`/api/ops/audit?organizationId=${adminOrg}&kind=organization.updated`)
    ).body.items;
    expect(entry).toMatchObject({
      actor: { kind: 'operator', personId: operatorId, name: 'Olivia Operator (command line)' },
      summary: "Demo Documents Inc.: Billed By Invoice 'No' → 'Yes'",
    });
    const before = (await operator.get('/api/ops/audit')).body.total;
    await expect(
      ops('org:set', String(adminOrg), '--invoice', 'no', '--as', 'nobody@store.example'),
    ).rejects.toThrow('--as nobody@store.example: not a store operator');
    expect((await operator.get('/api/ops/audit')).body.total).toBe(before);
    expect(await ops('org:set', String(adminOrg), '--invoice', 'no')).toBe(0);
  });

  it('records a new operator in the store’s own organization, never in a customer’s', async () => {
    const entries = await operator.get('/api/ops/audit?kind=person.created');
    const olivia = entries.body.items.find((i: { subject: string }) => i.subject === 'Olivia Operator');
    expect(olivia).toBeDefined();
    expect(olivia.organizationId).not.toBe(adminOrg);
    // Its rights in words: a store operator, not a code.
    expect(olivia.summary).toMatch(/Rights 'User, Store operator'/);
  });
});

describe('an operator in the console', () => {
  it('is named with the client address; a refused change records nothing', async () => {
    const terms = {
      discount: 0.25,
      allowMonthly: true,
      perpetualAccount: false,
      invoiceTerms: false,
      parentOrganizationId: null,
    };
    const url = `/api/ops/organizations/${adminOrg}/terms`;
    expect((await operator.put(url, terms, { 'x-forwarded-for': '198.51.100.4' })).status).toBe(200);
    const [entry] = (
      await operator.get(`/api/ops/audit?organizationId=${adminOrg}&kind=organization.updated`)
    ).body.items;
    expect(entry).toMatchObject({
      actor: { kind: 'operator', personId: operatorId, name: 'Olivia Operator' },
      after: { discountBp: 2500 },
      address: '198.51.100.4',
    });
    const before = (await operator.get('/api/ops/audit')).body.total;
    // An organization cannot be its own parent: refused, nothing recorded.
    expect((await operator.put(url, { ...terms, parentOrganizationId: adminOrg })).status).toBe(400);
    expect((await operator.get('/api/ops/audit')).body.total).toBe(before);
  });
});

describe('GET /api/ops/audit', () => {
  it('answers every organization to the operator, or the one asked for', async () => {
    const admin = await t.loginDemo();
    await admin.post(`/api/person/update/${admin.person.personId}`, { phone: '555-0100' });
    const all = await operator.get('/api/ops/audit');
    const orgs = new Set(all.body.items.map((i: { organizationId: number | null }) => i.organizationId));
    expect(orgs.size).toBeGreaterThan(1);
    const one = await operator.get(`/api/ops/audit?organizationId=${adminOrg}`);
    expect(one.body.total).toBeGreaterThan(0);
    for (const item of one.body.items) expect(item.organizationId).toBe(adminOrg);
    const byPerson = await operator.get(`/api/ops/audit?personId=${admin.person.personId}`);
    expect(byPerson.body.items[0]).toMatchObject({ actor: { kind: 'person', name: 'Dana Demo' } });
  });

  it('does not exist for an admin (404) and asks for a session (401)', async () => {
    const admin = await t.loginDemo();
    expect((await admin.get('/api/ops/audit')).status).toBe(404);
    expect((await t.client().get('/api/ops/audit')).status).toBe(401);
  });
});

describe('a billing run', () => {
  it('writes one entry with its counts, not one per bill; an idle run writes none', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`SELECT count(*)::int AS n FROM audit_log WHERE kind = 'billing-run'`,
        )
      )[0]!.n;
    t.clock.advanceDays(40);
    const deps = { db: t.db, clock: t.clock, gateway: t.gateway, mailer: t.mailer };
    const counts = await runBillingCycle(deps);
    expect(counts.renewed).toBeGreaterThan(1);
    expect(await count()).toBe(1);
    // Forty days on, the earlier session has expired.
    operator = t.client(await t.deps.sessions.issue(operatorId));
    const [entry] = (await operator.get('/api/ops/audit?kind=billing-run')).body.items;
    expect(entry).toMatchObject({
      organizationId: null,
      actor: { kind: 'system' },
      after: { renewed: counts.renewed },
    });
    await runBillingCycle(deps);
    expect(await count()).toBe(1);
  });
});
