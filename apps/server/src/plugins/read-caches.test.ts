import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { queryRows } from '../db/client';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../seed/organizations';

// docs/decisions/021: the session and the subscription list are answered from memory until the
// database announces that their rows changed, whoever changed them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHES: '1' } });
});
afterAll(() => t.close());

type Client = Awaited<ReturnType<TestApp['loginDemo']>>;

const descriptions = async (client: Client) =>
  (await client.get('/api/subscription/all')).body.map((s: { description: string }) => s.description);

/**
 * Changes rows the way another program would, but with triggers off (replica mode), so that the
 * database announces nothing: what the store answers then shows whether it read memory or the rows.
 */
async function changeUnannounced(statement: ReturnType<typeof sql>) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** The listener's connection, as PostgreSQL lists it. */
const listenerPids = () =>
  queryRows<{ pid: number }>(
    t.db,
    sql`SELECT pid FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = current_database()`,
  );

describe('the subscription list answered from memory', () => {
  it('answers the same bytes from memory until the rows change, then the new ones', async () => {
    const admin = await t.loginDemo();
    const first = await admin.get('/api/subscription/all');
    const id = first.body[0].subscriptionId;
    const before = first.body[0].description;

    await changeUnannounced(sql`UPDATE subscriptions SET description = 'unannounced' WHERE id = ${id}`);
    const cached = await admin.get('/api/subscription/all');
    expect(cached.raw.body).toBe(first.raw.body);

    // Another program's change, announced by the database: the next lists show it.
    await t.db.execute(sql`UPDATE subscriptions SET description = 'announced' WHERE id = ${id}`);
    await expect.poll(() => descriptions(admin)).toContain('announced');
    await t.db.execute(sql`UPDATE subscriptions SET description = ${before} WHERE id = ${id}`);
    await expect.poll(() => descriptions(admin)).toContain(before);
  });

  it("shows the organization's own change through the store at once, without waiting for the announcement", async () => {
    const admin = await t.loginDemo();
    const [first] = (await admin.get('/api/subscription/all')).body;
    const saved = await admin.put(`/api/subscription/${first.subscriptionId}`, {
      description: 'renamed through the store',
      pricingPlanId: first.pricingPlanId,
      maxAdditionalMonthlyCharge: first.maxAdditionalMonthlyCharge,
      xtraAutoTags: first.xtraAutoTags,
      numberMachines: first.numberMachines,
      version: first.version,
    });
    expect(saved.status).toBe(200);
    expect(await descriptions(admin)).toContain('renamed through the store');
  });

  it('shows the usage an engine reported once announced after its commit; the counter alone announces nothing', async () => {
    const admin = await t.loginDemo();
    type Row = { subscriptionId: number; planName: string; apiKey1: string; accruedRtusThisMonth: number };
    const first = await admin.get('/api/subscription/all');
    const flex = (first.body as Row[]).find((s) => s.planName === 'Flex 25,000')!;

    // The counter written alone, as the usage path writes it: its commit announces nothing.
    await t.db.execute(
      sql`UPDATE subscriptions SET accrued_rtus_this_month = accrued_rtus_this_month + 1 WHERE id = ${flex.subscriptionId}`,
    );
    expect((await admin.get('/api/subscription/all')).raw.body).toBe(first.raw.body);

    // The usage path announces after its commit: the list shows both.
    const report = await t.client().post('/api/licensing/usage', {
      licenseKey: flex.apiKey1,
      reports: [
        { transactionId: 'cache-usage-1', hostname: 'cache-01', pages: 40, time: new Date().toISOString() },
      ],
    });
    expect(report.status).toBe(200);
    const accrued = async () =>
      ((await admin.get('/api/subscription/all')).body as Row[]).find(
        (s) => s.subscriptionId === flex.subscriptionId,
      )!.accruedRtusThisMonth;
    await expect.poll(accrued).toBe(flex.accruedRtusThisMonth + 41);
  });

  it("forgets a parent's list when a sub-account's subscription changes", async () => {
    const admin = await t.loginDemo();
    const list = (await admin.get('/api/subscription/all')).body;
    const subAccounts = list.filter((s: { ownerName?: string }) => s.ownerName !== undefined);
    expect(subAccounts.length).toBeGreaterThan(0);
    const { subscriptionId } = subAccounts[0];
    await t.db.execute(
      sql`UPDATE subscriptions SET description = 'changed in the sub-account' WHERE id = ${subscriptionId}`,
    );
    await expect.poll(() => descriptions(admin)).toContain('changed in the sub-account');
  });

  it('forgets every list when the catalogue changes (each row shows its plan)', async () => {
    const admin = await t.loginDemo();
    const [first] = (await admin.get('/api/subscription/all')).body;
    await t.db.execute(
      sql`UPDATE pricing_plans SET plan_name = 'Renamed plan' WHERE id = ${first.pricingPlanId}`,
    );
    await expect
      .poll(async () => (await admin.get('/api/subscription/all')).body[0].planName)
      .toBe('Renamed plan');
    await t.db.execute(
      sql`UPDATE pricing_plans SET plan_name = ${first.planName} WHERE id = ${first.pricingPlanId}`,
    );
  });
});

describe('sessions answered from memory', () => {
  it("takes a person's rights changed elsewhere (the operator's command line) as soon as the database announces it", async () => {
    const user = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    expect((await user.get('/api/person/current')).body.rights).toBe(1);
    await t.db.execute(sql`UPDATE persons SET rights = 3 WHERE id = ${user.person.personId}`);
    await expect.poll(async () => (await user.get('/api/person/current')).body.rights).toBe(3);
    await t.db.execute(sql`UPDATE persons SET rights = 1 WHERE id = ${user.person.personId}`);
    await expect.poll(async () => (await user.get('/api/person/current')).body.rights).toBe(1);
  });

  it('stops a session deleted elsewhere (housekeeping, another server)', async () => {
    const user = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    expect((await user.get('/api/person/current')).status).toBe(200);
    await t.db.execute(sql`DELETE FROM sessions WHERE person_id = ${user.person.personId}`);
    await expect.poll(async () => (await user.get('/api/person/current')).status).toBe(401);
  });
});

/** Engines call without a browser: no XSRF cookie, no bearer token. */
async function validate(licenseKey: string, hostname?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/licensing/validate',
    payload: { licenseKey, ...(hostname ? { kind: 'designer', hostname } : {}) },
  });
  return res.json() as { code: string; expiry: string | null; activations: { designers: number } };
}

// The demo organization's first subscription (the seed's 'Production Engines').
const productionEngines = async () => {
  const [row] = await queryRows<{ id: number; key: string }>(
    t.db,
    sql`SELECT id, api_key1 AS key FROM subscriptions WHERE id = 1`,
  );
  return row;
};

describe("an engine's validation answered from the license's subscription in memory", () => {
  it('reads the subscription once until it changes, whoever changes it', async () => {
    const { id, key } = await productionEngines();
    expect((await validate(key)).expiry).toBeNull();
    await changeUnannounced(sql`UPDATE subscriptions SET deactivate_date = '2099-01-01' WHERE id = ${id}`);
    expect((await validate(key)).expiry).toBeNull();

    await t.db.execute(sql`UPDATE subscriptions SET deactivate_date = '2098-01-01' WHERE id = ${id}`);
    await expect.poll(async () => (await validate(key)).expiry).toBe('2098-01-01T00:00:00.000Z');
    await t.db.execute(sql`UPDATE subscriptions SET deactivate_date = NULL WHERE id = ${id}`);
    await expect.poll(async () => (await validate(key)).expiry).toBeNull();
  });

  it("forgets the license an engine's call names at once, without waiting for the announcement", async () => {
    const { id, key } = await productionEngines();
    await validate(key);
    await changeUnannounced(sql`UPDATE subscriptions SET deactivate_date = '2099-01-01' WHERE id = ${id}`);
    const heartbeat = await t.app.inject({
      method: 'POST',
      url: '/api/licensing/heartbeat',
      payload: { licenseKey: key, kind: 'engine', hostname: 'prod-engine-01' },
    });
    expect(heartbeat.statusCode).toBe(200);
    expect((await validate(key)).expiry).toBe('2099-01-01T00:00:00.000Z');
    await t.db.execute(sql`UPDATE subscriptions SET deactivate_date = NULL WHERE id = ${id}`);
  });
});

describe("an engine's validation answered from the license's machines in memory", () => {
  it('sees a machine activated through the store at once, and one released elsewhere once announced', async () => {
    const { id, key } = await productionEngines();
    const before = await validate(key, 'cache-designer');
    expect(before.code).toBe('NO_MACHINE');
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/licensing/activate',
      payload: { licenseKey: key, kind: 'designer', hostname: 'cache-designer' },
    });
    expect(activated.statusCode).toBe(201);
    const after = await validate(key, 'cache-designer');
    expect(after.code).toBe('VALID');
    expect(after.activations.designers).toBe(before.activations.designers + 1);

    await t.db.execute(
      sql`DELETE FROM machine_activations WHERE subscription_id = ${id} AND hostname = 'cache-designer'`,
    );
    await expect.poll(async () => (await validate(key, 'cache-designer')).code).toBe('NO_MACHINE');
  });
});

// The embedded database runs inside the store: it cannot go deaf.
describe.skipIf(!process.env.TEST_DATABASE_URL)('while the store cannot hear the database', () => {
  it('caches nothing, and caches again once it listens again', async () => {
    const admin = await t.loginDemo();
    const [first] = (await admin.get('/api/subscription/all')).body;
    const [listener] = await listenerPids();
    expect(listener).toBeDefined();
    await t.db.execute(sql`SELECT pg_terminate_backend(${listener.pid})`);

    // Deaf: every read goes to the rows, even changes nobody announced.
    await changeUnannounced(
      sql`UPDATE subscriptions SET description = 'while deaf' WHERE id = ${first.subscriptionId}`,
    );
    await expect.poll(() => descriptions(admin)).toContain('while deaf');

    // Listening again on a new connection, it caches again: an unannounced change goes unseen.
    let probe = 0;
    await expect
      .poll(
        async () => {
          await admin.get('/api/subscription/all');
          const description = `unseen ${++probe}`;
          await changeUnannounced(
            sql`UPDATE subscriptions SET description = ${description} WHERE id = ${first.subscriptionId}`,
          );
          return (await descriptions(admin)).includes(description);
        },
        { timeout: 10_000 },
      )
      .toBe(false);
    expect(await listenerPids()).toHaveLength(1);
  });
});
