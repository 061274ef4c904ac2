import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../../test/support/billing';
import { loginSubAccount } from '../../../test/support/demo-accounts';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orderLines, orders, subscriptions } from '../../db/schema';
import { DEMO_SUB_ACCOUNT } from '../../seed/organizations';

// docs/design.md §5: a parent organization never receives a sub-account's license key, offline file or
// other secret; it sees the sub-account's subscriptions read-only (§4).

type Api = Awaited<ReturnType<TestApp['loginDemo']>>;
type Row = { subscriptionId: number; description: string; organizationId: number; [key: string]: unknown };

const OFFLINE_FILE = '-----BEGIN LICENSE FILE-----\nc3ViLWFjY291bnQtc2VjcmV0\n-----END LICENSE FILE-----\n';

let t: TestApp;
let parent: Api;
let subAccount: Api;
let hub: { id: number; key: string; organizationId: number };

beforeAll(async () => {
  t = await createTestApp();
  parent = await t.loginDemo();
  subAccount = await loginSubAccount(t);
  const europeId: number = subAccount.organization.organizationId;
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.organizationId, europeId));
  // An offline file on the sub-account's subscription, to prove it stays with its owner.
  await t.db
    .update(subscriptions)
    .set({ offlineLicenseKey: OFFLINE_FILE, isOfflineEnabled: true })
    .where(eq(subscriptions.id, row!.id));
  hub = { id: row!.id, key: row!.apiKey1, organizationId: europeId };
});
afterAll(() => t.close());

describe("a parent's view of its sub-accounts' subscriptions", () => {
  it('carries no license key and no offline file, in the list or the detail', async () => {
    const list = await parent.get('/api/subscription/all');
    const detail = await parent.get(`/api/subscription/${hub.id}`);
    expect(list.status).toBe(200);
    expect(detail.status).toBe(200);
    for (const text of [list.raw.body, detail.raw.body]) {
      expect(text).not.toContain(hub.key);
      expect(text).not.toContain('c3ViLWFjY291bnQtc2VjcmV0');
    }
    const row = (list.body as Row[]).find((s) => s.subscriptionId === hub.id)!;
    expect(row.ownerName).toBe(DEMO_SUB_ACCOUNT);
    expect([row.apiKey1, row.offlineLicenseKey]).toEqual(['', null]);
    expect([detail.body.apiKey1, detail.body.offlineLicenseKey]).toEqual(['', null]);
  });

  it('still shows the parent its own keys, and the sub-account its own', async () => {
    const own = (await parent.get('/api/subscription/all')).body as Row[];
    const mine = own.filter((s) => s.organizationId !== hub.organizationId);
    expect(mine.length).toBeGreaterThan(0);
    for (const s of mine) expect(s.apiKey1).toMatch(/.{16,}/);
    const theirs = await subAccount.get(`/api/subscription/${hub.id}`);
    expect([theirs.body.apiKey1, theirs.body.offlineLicenseKey]).toEqual([hub.key, OFFLINE_FILE]);
  });

  it("refuses the parent the sub-account's license file", async () => {
    const file = await parent.get(`/api/subscription/${hub.id}/offline-license`);
    expect(file.status).toBe(403);
    expect(file.raw.body).not.toContain('c3ViLWFjY291bnQtc2VjcmV0');
  });

  it("counts usage on the sub-account's key on the sub-account's subscription only", async () => {
    const before = await t.db
      .select({ id: subscriptions.id, accrued: subscriptions.accruedRtusThisMonth })
      .from(subscriptions);
    const report = await t.client().post('/api/licensing/usage', {
      licenseKey: hub.key,
      reports: [
        { transactionId: 'sub-account-1', hostname: 'ams-render-01', pages: 3_000, time: t.clock.now() },
      ],
    });
    expect(report.status).toBe(200);
    const after = await t.db
      .select({ id: subscriptions.id, accrued: subscriptions.accruedRtusThisMonth })
      .from(subscriptions);
    const changed = after.filter((a) => before.find((b) => b.id === a.id)!.accrued !== a.accrued);
    expect(changed.map((c) => c.id)).toEqual([hub.id]);
    expect(changed[0]!.accrued - before.find((b) => b.id === hub.id)!.accrued).toBe(3_000);
  });

  it("bills the sub-account's overage to the sub-account, from its own counters", async () => {
    // A cap high enough that the bill is the whole figure.
    await t.db
      .update(subscriptions)
      .set({ maxAdditionalMonthlyChargeCents: 10_000_00 })
      .where(eq(subscriptions.id, hub.id));
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, hub.id));
    const over = row!.accruedRtusThisMonth - row!.billedRtusThisMonth; // the base RTUs start as billed
    t.clock.set(new Date(row!.nextOverageBillingDate!.getTime() + 3_600_000));
    await runBillingCycle({ db: t.db, clock: t.clock, gateway: t.gateway });
    const bills = await t.db
      .select({ organizationId: orders.organizationId, totalCents: orders.totalCents })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orderLines.subscriptionId, hub.id), eq(orders.kind, 'overage')));
    // Flex 2,500 at 8¢ an RTU beyond its base.
    expect(bills).toEqual([{ organizationId: hub.organizationId, totalCents: over * 8 }]);
  });
});
