import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLicensingTestApp, type LicensingTestApp } from '../../../test/support/licensing';
import { queryRows } from '../../db/client';

// An engine's usage report is one statement (usage-recording.ts): the subscription's row is locked
// before any report is written, the new pages reach the month's counter, and every server hears of
// it at the commit. A lock held by another connection and a listener need PostgreSQL.

const postgres = Boolean(process.env.TEST_DATABASE_URL);
let l: LicensingTestApp;
let seq = 0;
beforeAll(async () => {
  l = await createLicensingTestApp();
});
afterAll(() => l.t.close());

const report = (licenseKey: string, pages: number, transactionId = `r-${++seq}`) =>
  l.engine('/api/licensing/usage', {
    licenseKey,
    reports: [{ transactionId, hostname: 'meter-01', pages, time: l.clock.now().toISOString() }],
  });
const counted = async (id: number) =>
  (
    await queryRows<{ accrued: number; reports: number; rollup: number | null }>(
      l.t.db,
      sql`SELECT s.accrued_rtus_this_month::int AS accrued,
            (SELECT count(*)::int FROM usage_reports WHERE subscription_id = s.id) AS reports,
            (SELECT sum(pages)::int FROM usage_rollups WHERE subscription_id = s.id) AS rollup
          FROM subscriptions s WHERE s.id = ${id}`,
    )
  )[0];

describe('recording a usage report', () => {
  it('adds new pages to the counter and the rollups once, a repeat adding nothing', async () => {
    const sub = await l.subscribe('Flex 2,500');
    expect((await report(sub.apiKey1, 40, 'job-1')).body).toMatchObject({ accepted: 1, duplicates: 0 });
    expect((await report(sub.apiKey1, 40, 'job-1')).body).toMatchObject({ accepted: 0, duplicates: 1 });
    await report(sub.apiKey1, 2);
    expect(await counted(sub.id)).toEqual({ accrued: 42, reports: 2, rollup: 42 });
  });

  it.skipIf(!postgres)('waits while a billing pass holds the subscription, then counts', async () => {
    const sub = await l.subscribe('Flex 2,500');
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    let held!: () => void;
    const holding = new Promise<void>((r) => {
      held = r;
    });
    const pass = l.t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM subscriptions WHERE id = ${sub.id} FOR UPDATE`);
      held();
      await released;
    });
    await holding;
    let answered = false;
    const call = report(sub.apiKey1, 7).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    expect(await counted(sub.id)).toEqual({ accrued: 0, reports: 0, rollup: null });
    release();
    await pass;
    expect((await call).body).toMatchObject({ accepted: 1 });
    expect(await counted(sub.id)).toEqual({ accrued: 7, reports: 1, rollup: 7 });
  });

  it.skipIf(!postgres)("announces the organization's change to every server at the commit", async () => {
    const sub = await l.subscribe('Flex 2,500');
    const heard: string[] = [];
    let listening!: () => void;
    const connected = new Promise<void>((r) => {
      listening = r;
    });
    const listener = await l.t.database.listen('store_changes', {
      notification: (payload) => heard.push(payload),
      connected: () => listening(),
      lost: () => {},
    });
    try {
      await connected;
      await report(sub.apiKey1, 3, `once-${sub.id}`);
      // A repeat changes nothing and announces nothing.
      await report(sub.apiKey1, 3, `once-${sub.id}`);
      await new Promise((r) => setTimeout(r, 300));
      expect(heard.filter((p) => p.startsWith('orgs:'))).toEqual([`orgs:${l.org.id}`]);
    } finally {
      await listener.close();
    }
  });
});
