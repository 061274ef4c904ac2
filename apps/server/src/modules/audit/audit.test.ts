import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginSubAccount, subAccountBillingInfo } from '../../../test/support/demo-accounts';
import { editBody } from '../../../test/support/subscription-edit';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { DEMO_EMAIL, DEMO_USER_EMAIL } from '../../seed/organizations';

// The audit log (docs/decisions/017): who changed what, when and from where, in the change's own
// transaction, shown to the organization's admins only.

let t: TestApp;
type Api = Awaited<ReturnType<TestApp['login']>>;
let admin: Api;
let janeId: number;
// The store sits behind a proxy on the same host: the client is the forwarded address.
const FROM = { 'x-forwarded-for': '203.0.113.5' };

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  admin = await t.loginDemo();
  const people = await admin.get('/api/person/all');
  janeId = people.body.find((p: { email: string }) => p.email === DEMO_USER_EMAIL).personId;
});
afterAll(() => t.close());

const activity = async (api: Api, query = '') => (await api.get(`/api/organization/activity${query}`)).body;

describe('recording a change', () => {
  it('names the admin who changed a user, the fields before and after, the time and the client address', async () => {
    const res = await admin.post(`/api/person/update/${janeId}`, { firstName: 'Janet' }, FROM);
    expect(res.status).toBe(200);
    const page = await activity(admin, '?kind=person.updated');
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      at: t.clock.now().toISOString(),
      organizationId: admin.organization.organizationId,
      actor: { kind: 'person', personId: admin.person.personId, name: 'Dana Demo' },
      kind: 'person.updated',
      subject: 'Jane Miller',
      summary: "Jane Miller: First Name 'Jane' → 'Janet'",
      before: { firstName: 'Jane' },
      after: { firstName: 'Janet' },
      address: '203.0.113.5',
    });
  });

  it('records nothing when the change fails: the entry rolls back with it', async () => {
    const before = (await activity(admin)).total;
    const res = await admin.post(`/api/person/update/${janeId}`, { firstName: 'Never', email: DEMO_EMAIL });
    expect(res.status).toBe(409);
    expect((await admin.get(`/api/person/${janeId}`)).body.firstName).toBe('Janet');
    expect((await activity(admin)).total).toBe(before);
  });

  it('never keeps a secret: passwords, tokens, two-factor secrets, gateway ids, card data beyond brand and last four', async () => {
    expect((await admin.post(`/api/person/update/${janeId}`, { password: 'a-new-password-1' })).status).toBe(
      200,
    );
    const europe = await loginSubAccount(t);
    const card = subAccountBillingInfo();
    expect((await europe.put('/api/organization/billing_info', card)).status).toBe(200);

    const log = JSON.stringify(await queryRows(t.db, sql`SELECT * FROM audit_log`));
    const secrets = await queryRows<{ s: string | null }>(
      t.db,
      sql`SELECT password_hash AS s FROM persons UNION ALL SELECT token_hash FROM sessions
          UNION ALL SELECT payment_method_id FROM organizations UNION ALL SELECT gateway_customer_id FROM organizations
          UNION ALL SELECT api_key1 FROM subscriptions`,
    );
    for (const { s } of secrets) if (s) expect(log).not.toContain(s);
    expect(log).not.toMatch(/passwordHash|cardExp|paymentMethod|gatewayCustomer|apiKey|secret/i);

    const password = (await activity(admin, `?kind=person.updated`)).items[0];
    expect(password).toMatchObject({ before: { password: 'unchanged' }, after: { password: 'changed' } });
    const billing = (await activity(europe, '?kind=billing-info.updated')).items[0];
    expect(billing.after).toMatchObject({
      cardBrand: 'mastercard',
      cardLastFour: '4444',
      billingCity: 'Amsterdam',
    });
  });
});

describe('a row in the words of the screens', () => {
  it("names a subscription by its name and says the field's label with the old and new value", async () => {
    const [sub] = (await admin.get('/api/subscription/all')).body.filter(
      (s: { description: string }) => s.description === 'Production Engines',
    );
    const renamed = await admin.put(
      `/api/subscription/${sub.subscriptionId}`,
      editBody(sub, { description: 'Press Line A' }),
    );
    expect(renamed.status).toBe(200);
    const [entry] = (await activity(admin, '?kind=subscription.updated')).items;
    expect(entry.subject).toBe('Production Engines');
    expect(entry.summary).toBe("Production Engines: Name 'Production Engines' → 'Press Line A'");
  });

  it('names a pricing plan by its name, not its id', async () => {
    const [sub] = (await admin.get('/api/subscription/all')).body.filter(
      (s: { description: string }) => s.description === 'Press Line A',
    );
    const plan = (await admin.get(`/api/product/plan_with_id/${sub.pricingPlanId}`)).body;
    const plans: Array<{ pricingPlanId: number; planName: string; monthlyFee: number }> = (
      await admin.get(`/api/product/plans_for_product/${encodeURIComponent(plan.productName)}`)
    ).body;
    const other = plans.find((p) => p.pricingPlanId !== sub.pricingPlanId)!;
    const changed = await admin.put(
      `/api/subscription/${sub.subscriptionId}`,
      editBody(sub, { pricingPlanId: other.pricingPlanId }),
    );
    expect(changed.status).toBe(200);
    const [entry] = (await activity(admin, '?kind=subscription.updated')).items;
    // Up applies at once, down at the renewal: either way the plan is named.
    expect(entry.summary).toMatch(
      new RegExp(`Pricing Plan( At Renewal)? '(—|${plan.planName})' → '${other.planName}'`),
    );
    expect(entry.summary).not.toMatch(new RegExp(`'${other.pricingPlanId}'`));
  });

  it('says rights, cycles and money in words, not codes', async () => {
    expect((await admin.post(`/api/person/update/${janeId}`, { rights: 3 })).status).toBe(200);
    const [rights] = (await activity(admin, '?kind=person.updated')).items;
    expect(rights.summary).toMatch(/: Rights 'User' → 'User, Administrator'$/);
    expect((await admin.post(`/api/person/update/${janeId}`, { rights: 1 })).status).toBe(200);
  });
});

describe('GET /api/organization/activity', () => {
  it("shows another organization's admin nothing of this one", async () => {
    const europe = await loginSubAccount(t);
    const page = await activity(europe);
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) expect(item.organizationId).toBe(europe.organization.organizationId);
    expect(JSON.stringify(page)).not.toContain('Janet');
    // Naming a person of another organization finds nothing either.
    expect((await activity(europe, `?personId=${admin.person.personId}&kind=person.updated`)).total).toBe(0);
  });

  it('is refused to a plain user (403) and without a session (401)', async () => {
    const jane = await t.login(DEMO_USER_EMAIL, 'a-new-password-1');
    expect((await jane.get('/api/organization/activity')).status).toBe(403);
    expect((await t.client().get('/api/organization/activity')).status).toBe(401);
  });

  it('filters by person, kind and date range, newest first, paged', async () => {
    for (const name of ['A', 'B', 'C']) {
      t.clock.advanceMs(60_000);
      await admin.post(`/api/person/update/${janeId}`, { lastName: name });
    }
    const mine = await activity(admin, `?personId=${admin.person.personId}&kind=person.updated`);
    expect(mine.items.map((i: { after: { lastName?: string } }) => i.after.lastName).slice(0, 3)).toEqual([
      'C',
      'B',
      'A',
    ]);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await activity(admin, `?from=${today}&to=${today}`)).total).toBe((await activity(admin)).total);
    expect((await activity(admin, '?to=2000-01-01')).total).toBe(0);
    const second = await activity(admin, '?page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 25, items: [] });
  });

  it('answers bad filters with a clear message', async () => {
    const bad = await admin.get('/api/organization/activity?kind=anything');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('kind is not a kind of change the log records');
    const dates = await admin.get('/api/organization/activity?from=2026-02-01&to=2026-01-01');
    expect(dates.status).toBe(400);
    expect(dates.body.message).toContain('from must not be after to');
  });
});

describe('the log cannot be changed', () => {
  it('offers no route that writes it', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const [path, methods] of Object.entries(paths)) {
      if (/activity|audit/.test(path)) expect(Object.keys(methods)).toEqual(['get']);
    }
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    await expect(t.db.execute(sql`UPDATE audit_log SET summary = 'forged'`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE summary = 'forged'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
