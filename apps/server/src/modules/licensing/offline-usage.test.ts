import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../../test/support/billing';
import { DAY, licensingTestFile } from '../../../test/support/licensing';
import { lateOverage, orderLines, orders, subscriptions } from '../../db/schema';
import { signUsageFile } from './offline-file-keys';
import { verifyLicenseFile } from './verify-license-file';

// Usage from offline sites (docs/decisions/040): a usage file signed with its license file's usage
// key counts each transaction id once; a month already billed gets its overage on the next bill.

const l = licensingTestFile('once');

/** An offline engine of the subscription: its installed file's id, fingerprint and usage key. */
async function offlineEngine(sub: { id: number; apiKey1: string }, fingerprint: string) {
  const res = await l.admin.post(`/api/subscription/${sub.id}/offline-activations`, {
    request: {
      type: 'activation-request',
      version: 1,
      licenseKey: sub.apiKey1,
      fingerprint,
      hostname: `site-${fingerprint}`,
      kind: 'engine',
      engineVersion: '1.0.0',
      nonce: randomUUID(),
    },
  });
  expect(res.status).toBe(201);
  const { body } = await l.t.client().get('/api/licensing/public-key');
  const payload = verifyLicenseFile(res.body.licenseFile, body.keys);
  return { fileId: payload.fileId!, fingerprint, usageKey: payload.usageKey!, hostname: res.body.hostname };
}

type Engine = Awaited<ReturnType<typeof offlineEngine>>;
const reportsAt = (engine: Engine, time: Date, pages: number[]) =>
  pages.map((p) => ({
    transactionId: randomUUID(),
    hostname: engine.hostname,
    pages: p,
    time: time.toISOString(),
  }));
const usageFileOf = (engine: Engine, reports: object[], fingerprint = engine.fingerprint) =>
  signUsageFile(engine.usageKey, { type: 'usage', version: 1, fileId: engine.fileId, fingerprint, reports });
const upload = (subscriptionId: number, usageFile: object) =>
  l.admin.post(`/api/subscription/${subscriptionId}/usage-files`, { usageFile });
const accrued = async (id: number) =>
  (await l.t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.accruedRtusThisMonth;

describe('POST /api/subscription/{id}/usage-files', () => {
  it('counts each report once: the same file again adds nothing and answers its repeats', async () => {
    const sub = await l.subscribe('Flex 2,500', { maxAdditionalMonthlyChargeCents: 100_000 });
    const engine = await offlineEngine(sub, 'fp-site-1');
    const file = usageFileOf(engine, reportsAt(engine, l.clock.now(), [3, 4, 5]));
    const first = await upload(sub.id, file);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      fileId: engine.fileId,
      hostname: engine.hostname,
      accepted: 3,
      duplicates: 0,
      pages: 12,
      lateMonths: [],
    });
    const again = await upload(sub.id, file);
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 3, pages: 0 });
    expect(await accrued(sub.id)).toBe(12);
  });

  it('refuses a tampered file, a file of an unknown license file, and one from another machine, counting nothing', async () => {
    const sub = await l.subscribe('Flex 2,500');
    const engine = await offlineEngine(sub, 'fp-site-2');
    const genuine = usageFileOf(engine, reportsAt(engine, l.clock.now(), [10]));
    const payload = JSON.parse(Buffer.from(genuine.enc, 'base64').toString('utf8'));
    payload.reports[0].pages = 1;
    const tampered = await upload(sub.id, {
      ...genuine,
      enc: Buffer.from(JSON.stringify(payload)).toString('base64'),
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body).toEqual({
      code: 'USAGE_FILE_TAMPERED',
      message:
        'This usage file was changed after the engine wrote it (its signature does not match), so nothing was counted.',
    });

    const unknown = await upload(
      sub.id,
      usageFileOf({ ...engine, fileId: randomUUID() }, reportsAt(engine, l.clock.now(), [1])),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('UNKNOWN_LICENSE_FILE');

    const elsewhere = await upload(
      sub.id,
      usageFileOf(engine, reportsAt(engine, l.clock.now(), [1]), 'fp-copied'),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('FINGERPRINT_MISMATCH');

    const garbled = await upload(sub.id, { enc: 'bm90IGpzb24=', sig: 'x', alg: 'base64+hmac-sha256' });
    expect(garbled.status).toBe(400);
    expect(garbled.body).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('not a usage file'),
    });
    expect(await accrued(sub.id)).toBe(0);
  });

  it('bills a month already billed on the next overage bill, on a line naming the month, once', async () => {
    // Bought 40 days ago: its first usage month closed 10 days ago, and the billing run billed it.
    const sub = await l.subscribe('Flex 2,500', { daysAgo: 40, maxAdditionalMonthlyChargeCents: 100_000 });
    await runBillingCycle({ db: l.t.db, clock: l.clock, gateway: l.t.gateway });
    const engine = await offlineEngine(sub, 'fp-site-3');
    // 3,000 RTUs in the closed month (its allowance is 2,500: 500 over at $0.08) and 7 in this one.
    const closedMonth = new Date(l.clock.now().getTime() - 25 * DAY);
    const file = usageFileOf(engine, [
      ...reportsAt(engine, closedMonth, [1000, 1000, 1000]),
      ...reportsAt(engine, l.clock.now(), [7]),
    ]);
    const res = await upload(sub.id, file);
    expect(res.body).toMatchObject({
      accepted: 4,
      duplicates: 0,
      pages: 3007,
      lateMonths: [{ month: expect.stringMatching(/^[A-Z][a-z]+ \d{4}$/), rtus: 3000, amountCents: 4000 }],
    });
    // The running month counts like online usage; the closed month's RTUs do not count again now.
    expect(await accrued(sub.id)).toBe(7);
    expect((await upload(sub.id, file)).body).toMatchObject({ accepted: 0, duplicates: 4, lateMonths: [] });

    l.clock.advanceMs(31 * DAY);
    await runBillingCycle({ db: l.t.db, clock: l.clock, gateway: l.t.gateway });
    await runBillingCycle({ db: l.t.db, clock: l.clock, gateway: l.t.gateway });
    const lines = await l.t.db
      .select({
        description: orderLines.description,
        amountCents: orderLines.amountCents,
        total: orders.totalCents,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.subscriptionId, sub.id), eq(orders.kind, 'overage')));
    expect(lines).toEqual([
      {
        description: `${sub.description}: overage of ${res.body.lateMonths[0].month} reported late from an offline site, 3,000 RTUs`,
        amountCents: 4000,
        total: 4000,
      },
    ]);
    const [late] = await l.t.db.select().from(lateOverage).where(eq(lateOverage.subscriptionId, sub.id));
    expect(late?.billedAt).not.toBeNull();
  });
});
