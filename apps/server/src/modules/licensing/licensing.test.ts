import { BillingMode, graceEndOf, MAX_USAGE_BATCH, MAX_USAGE_BODY_BYTES } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubscription, planId } from '../../../test/support/billing';
import { refusal } from '../../../test/support/refusal';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { subscriptions, usageReports } from '../../db/schema';
import { createOfflineLicenseService } from './offline-license';
import { verifyLicenseFile } from './verify-license-file';

let t: TestApp;
const keys: Record<string, { id: number; key: string }> = {};

/** Engines call without a browser: no XSRF cookie, no bearer token. */
async function engine(url: string, body: unknown) {
  const res = await t.app.inject({ method: 'POST', url, payload: body as object });
  return { status: res.statusCode, body: res.json() };
}
const activate = (licenseKey: string, hostname: string, kind = 'engine') =>
  engine('/api/licensing/activate', { licenseKey, kind, hostname });
const validate = (licenseKey: string, hostname: string, kind = 'engine') =>
  engine('/api/licensing/validate', { licenseKey, kind, hostname });

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .select({ id: subscriptions.id, key: subscriptions.apiKey1, description: subscriptions.description })
    .from(subscriptions);
  for (const r of rows) keys[r.description] = { id: r.id, key: r.key };
});
afterAll(() => t.close());

describe('POST /api/licensing/activate', () => {
  it('activates engines up to numberMachines, then refuses with a clear reason; the same host again is fine', async () => {
    const { key } = keys['Production Engines']!; // 3 engines, all 3 seeded as activated
    const again = await activate(key, 'prod-engine-01');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ activated: true, alreadyActivated: true });
    const fourth = await activate(key, 'prod-engine-04');
    expect(fourth.status).toBe(409);
    expect(fourth.body.code).toBe('TOO_MANY_MACHINES');
    expect(refusal(fourth.body)).toMatch(/^All 3 engine activations of this license are in use\./);
  });

  it('counts designers as included plus extra (Pro Business: 2 + 2)', async () => {
    const { key } = keys['Production Engines']!; // 2 designers seeded
    for (const host of ['designer-3', 'designer-4']) {
      const res = await activate(key, host, 'designer');
      expect(res.status).toBe(201);
    }
    const fifth = await activate(key, 'designer-5', 'designer');
    expect(fifth.status).toBe(409);
    expect(refusal(fifth.body)).toMatch(/^All 4 designer activations/);
  });

  it('does not limit engines of a plan without a machine count (Flex)', async () => {
    const { key } = keys['Flex Reporting']!;
    for (let i = 0; i < 8; i++) {
      const res = await activate(key, `flex-${i}`);
      expect(res.status).toBe(201);
    }
  });

  it('refuses unknown keys (404) and deactivated subscriptions (403); a cancelled one runs until its end date', async () => {
    const unknown = await activate('nope', 'h');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', message: 'Unknown license key.' });

    const cancelled = keys['Legacy Batch Server']!;
    const before = await activate(cancelled.key, 'legacy-1');
    expect(before.status).toBe(201);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, cancelled.id));
    const saved = t.clock.now();
    t.clock.set(new Date(row!.deactivateDate!.getTime() + 1000));
    try {
      const after = await engine('/api/licensing/validate', { licenseKey: cancelled.key });
      expect(after.body).toMatchObject({ valid: false, code: 'CANCELLED' });
      const refused = await activate(cancelled.key, 'legacy-2');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('CANCELLED');
    } finally {
      t.clock.set(saved);
    }

    await t.db
      .update(subscriptions)
      .set({ isActive: false })
      .where(eq(subscriptions.id, keys['Template Studio']!.id));
    const inactive = await activate(keys['Template Studio']!.key, 'x', 'designer');
    expect(inactive.status).toBe(403);
    expect(inactive.body.code).toBe('SUSPENDED');
    const usage = await engine('/api/licensing/usage', {
      licenseKey: keys['Template Studio']!.key,
      reports: [{ transactionId: 't1', hostname: 'x', pages: 1, time: '2026-11-02T10:00:00Z' }],
    });
    expect(usage.status).toBe(403);
  });

  it.each([
    [{ licenseKey: 'k', kind: 'server', hostname: 'h' }, "kind: kind must be 'engine' or 'designer'"],
    [{ licenseKey: 'k', kind: 'engine' }, 'hostname: hostname is required'],
    [{ kind: 'engine', hostname: 'h' }, 'licenseKey: licenseKey is required'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await engine('/api/licensing/activate', body);
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe(message);
  });
});

describe('POST /api/licensing/validate', () => {
  it('answers valid, NO_MACHINE for a machine not activated, NOT_FOUND for an unknown key', async () => {
    const { key } = keys['Production Engines']!;
    const ok = await validate(key, 'prod-engine-02');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      valid: true,
      code: 'VALID',
      plan: 'Pro Business',
      limits: { engines: 3, designers: 4 },
    });
    const machine = await engine('/api/licensing/validate', { licenseKey: key, hostname: 'stranger' });
    expect(machine.body).toMatchObject({ valid: false, code: 'NO_MACHINE' });
    const none = await engine('/api/licensing/validate', { licenseKey: 'nope' });
    expect(none.body).toMatchObject({ valid: false, code: 'NOT_FOUND' });
  });

  it('answers OVER_CAP when the overage passes max overages', async () => {
    const { id, key } = keys['Flex Reporting']!; // about $52 of overage accrued this month
    await t.db
      .update(subscriptions)
      .set({ maxAdditionalMonthlyChargeCents: 10_00 })
      .where(eq(subscriptions.id, id));
    const res = await engine('/api/licensing/validate', { licenseKey: key });
    expect(res.body).toMatchObject({ valid: false, code: 'OVER_CAP' });
    await t.db
      .update(subscriptions)
      .set({ maxAdditionalMonthlyChargeCents: 250_00 })
      .where(eq(subscriptions.id, id));
    expect((await engine('/api/licensing/validate', { licenseKey: key })).body.code).toBe('VALID');
  });

  it("answers OVER_CAP only beyond the plan's base RTUs plus the cap (docs/design.md §3)", async () => {
    // A new Flex 2,500 subscription (8¢ an RTU) whose Max Overages of $40 buys 500 RTUs over its base.
    const [demo] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, keys['Flex Reporting']!.id));
    const sub = await makeSubscription(t.db, {
      organizationId: demo!.organizationId,
      pricingPlanId: await planId(t.db, 'Flex 2,500'),
      description: 'Allowance check',
      billingMode: BillingMode.Monthly,
      maxAdditionalMonthlyChargeCents: 40_00,
      purchasedAt: t.clock.now(),
    });
    const use = (transactionId: string, pages: number) =>
      engine('/api/licensing/usage', {
        licenseKey: sub.apiKey1,
        reports: [{ transactionId, hostname: 'allowance-01', pages, time: t.clock.now().toISOString() }],
      });
    const code = async () => (await engine('/api/licensing/validate', { licenseKey: sub.apiKey1 })).body.code;
    expect((await use('allowance-1', 2_500)).status).toBe(200);
    expect(await code()).toBe('VALID');
    await use('allowance-2', 500); // 3,000 used: 500 over the base, exactly the cap
    expect(await code()).toBe('VALID');
    await use('allowance-3', 1);
    expect(await code()).toBe('OVER_CAP');
  });
});

describe('POST /api/licensing/usage', () => {
  const rollup = async (id: number, host: string) =>
    await queryRows<{ day: string; pages: number }>(
      t.db,
      sql`SELECT day::text, pages::int FROM usage_rollups WHERE subscription_id = ${id} AND hostname = ${host} ORDER BY day`,
    );
  const accrued = async (id: number) =>
    (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.accruedRtusThisMonth;
  const single = {
    transactionId: 'tx-single-1',
    hostname: 'new-host',
    pages: 42,
    time: '2026-11-02T09:30:00Z',
  };
  /** Flex Reporting's engine reports `reports`; with the month's accrued RTUs before the call. */
  async function report(reports: Array<typeof single>) {
    const { id, key } = keys['Flex Reporting']!;
    const before = await accrued(id);
    const res = await engine('/api/licensing/usage', { licenseKey: key, reports });
    return { id, before, res };
  }

  it('records a single report into the rollups and the month’s accrued RTUs', async () => {
    const { id, before, res } = await report([single]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accepted: 1, duplicates: 0, pages: 42 });
    expect(await rollup(id, 'new-host')).toEqual([{ day: '2026-11-02', pages: 42 }]);
    expect(await accrued(id)).toBe(before + 42);
  });

  it('counts a repeated transaction id once, in a later call and within one batch', async () => {
    const { id, before, res } = await report([
      single,
      { transactionId: 'tx-b-1', hostname: 'new-host', pages: 10, time: '2026-11-01T23:59:59Z' },
      { transactionId: 'tx-b-1', hostname: 'new-host', pages: 10, time: '2026-11-01T23:59:59Z' },
      { transactionId: 'tx-b-2', hostname: 'other-host', pages: 5, time: '2026-11-02T00:00:00+01:00' },
    ]);
    expect(res.body).toEqual({ accepted: 2, duplicates: 2, pages: 15 });
    expect(await rollup(id, 'new-host')).toEqual([
      { day: '2026-11-01', pages: 10 },
      { day: '2026-11-02', pages: 42 },
    ]);
    // 00:00 at +01:00 is still Nov 1 in UTC: rollups are per UTC day.
    expect(await rollup(id, 'other-host')).toEqual([{ day: '2026-11-01', pages: 5 }]);
    expect(await accrued(id)).toBe(before + 15);
    const raw = await t.db.select().from(usageReports).where(eq(usageReports.transactionId, 'tx-b-1'));
    expect(raw).toHaveLength(1);
  });

  it('shows reported usage on the usage screen', async () => {
    const { id } = keys['Flex Reporting']!;
    const api = await t.loginDemo();
    const res = await api.get(`/api/subscription/${id}/detailedFlexUsage`);
    const host = res.body.runs.find((r: { hostname: string }) => r.hostname === 'new-host');
    expect(host.totalPages).toBe(52);
    expect(host.dateRangePages[11]).toBe(52);
  });

  it.each([
    [{ reports: [] }, 'reports: reports must not be empty'],
    [
      { reports: [{ transactionId: 'a', hostname: 'h', pages: -1, time: '2026-11-02T09:30:00Z' }] },
      'reports.0.pages: pages must be at least 0',
    ],
    [
      { reports: [{ transactionId: 'a', hostname: 'h', pages: 1, time: 'yesterday' }] },
      'reports.0.time: time must be an ISO 8601 date-time',
    ],
    [
      { reports: [{ transactionId: '', hostname: 'h', pages: 1, time: '2026-11-02T09:30:00Z' }] },
      'reports.0.transactionId: transactionId is required',
    ],
    [
      {
        reports: Array.from({ length: 1001 }, (_, i) => ({
          transactionId: `x${i}`,
          hostname: 'h',
          pages: 1,
          time: '2026-11-02T09:30:00Z',
        })),
      },
      'reports: At most 1000 reports per call',
    ],
  ])('refuses a bad batch with 400 and records nothing (%#)', async (patch, message) => {
    const { id, key } = keys['Flex Reporting']!;
    const before = await accrued(id);
    const res = await engine('/api/licensing/usage', { licenseKey: key, ...patch });
    expect(res.status).toBe(400);
    expect(refusal(res.body)).toBe(message);
    expect(await accrued(id)).toBe(before);
  });

  it('accepts a full batch of 1000', async () => {
    const { key } = keys['Amsterdam Print Hub']!;
    const reports = Array.from({ length: 1000 }, (_, i) => ({
      transactionId: `full-${i}`,
      hostname: `ams-${i % 7}`,
      pages: 2,
      time: new Date(Date.UTC(2026, 9, 20) + i * 60_000).toISOString(),
    }));
    const res = await engine('/api/licensing/usage', { licenseKey: key, reports });
    expect(res.body).toEqual({ accepted: 1000, duplicates: 0, pages: 2000 });
  });
  it('takes a batch of 1000 with every field at its longest: the body limit is sized for it', async () => {
    const { key } = keys['Amsterdam Print Hub']!;
    const reports = Array.from({ length: MAX_USAGE_BATCH }, (_, i) => ({
      transactionId: `${String(i).padStart(4, '0')}${'界'.repeat(96)}`,
      hostname: `${'ü'.repeat(249)}-${i % 3}`,
      pages: 1,
      time: '2026-10-20T10:00:00.123456789+01:00',
    }));
    const payload = JSON.stringify({ licenseKey: key, reports });
    expect(Buffer.byteLength(payload)).toBeGreaterThan(256 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/licensing/usage',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 1000, duplicates: 0, pages: 1000 });
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/licensing/usage',
      payload: `${payload.slice(0, -1)},"padding":"${'x'.repeat(MAX_USAGE_BODY_BYTES)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('GET /api/licensing/public-key', () => {
  it('publishes one Ed25519 public key, the same on every call', async () => {
    const a = await t.client().get('/api/licensing/public-key');
    const b = await t.client().get('/api/licensing/public-key');
    expect(a.status).toBe(200);
    expect(a.body.algorithm).toBe('ed25519');
    expect(a.body.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(b.body.publicKey).toBe(a.body.publicKey);
  });
});

describe('reissueOfflineLicense (called by the renewal)', () => {
  it('signs a new file with the new paid period, for offline subscriptions only', async () => {
    const { reissueOfflineLicense } = createOfflineLicenseService({ signingKeys: t.signingKeys });
    const { id } = keys['Plant Floor (air-gapped)']!;
    const [before] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    const nextBase = new Date(before!.nextBaseBillingDate!.getTime() + 365 * 86_400_000);
    await t.db.update(subscriptions).set({ nextBaseBillingDate: nextBase }).where(eq(subscriptions.id, id));
    expect(await reissueOfflineLicense(t.db, id, t.clock.now())).toBe(true);
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    const key = await t.client().get('/api/licensing/public-key');
    const payload = verifyLicenseFile(after!.offlineLicenseKey!, key.body.publicKey);
    expect(payload.expiry).toBe(graceEndOf(nextBase).toISOString());
    expect(payload.engineHosts).toEqual(['plant-engine-a', 'plant-engine-b']);
    expect(await reissueOfflineLicense(t.db, keys['Flex Reporting']!.id, t.clock.now())).toBe(false);
  });
});
