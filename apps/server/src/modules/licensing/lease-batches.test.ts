import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licensingTestFile } from '../../../test/support/licensing';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { checkoutLeases } from './lease-batches.repository';

// Checkouts and renewals that arrive together are written together (docs/decisions/045). Each engine
// still gets its own answer, and the seat rules hold as if the calls had come one after another, also
// when two servers share the database (each has its own batches; the license's row lock orders them).

const MINUTE = 60_000;
const l = licensingTestFile('once');
let other: TestApp;

beforeAll(async () => {
  // A second server on the same database (its own services and batches); the file's app closes it.
  other = await createTestApp({
    database: { ...l.t.database, close: async () => {} },
    seed: false,
    clock: l.clock,
  });
});
afterAll(() => other?.close());

const fleet = (seats: number) => l.subscribe('Pro Fleet', { numberMachines: seats });
async function post(app: FastifyInstance, url: string, body: object) {
  const res = await app.inject({ method: 'POST', url, payload: body });
  return { status: res.statusCode, body: res.json() };
}
/** Alternately on either server, so calls race within a server's batch and across servers. */
const server = (i: number) => (i % 2 === 0 ? l.t.app : other.app);
const checkout = (i: number, licenseKey: string, fingerprint: string) =>
  post(server(i), '/api/licensing/leases', { licenseKey, fingerprint, hostname: `pod-${fingerprint}` });
const renew = (i: number, licenseKey: string, leaseId: string) =>
  post(server(i), `/api/licensing/leases/${leaseId}/heartbeat`, { licenseKey });
const used = async (subscriptionId: number) =>
  (await l.admin.get(`/api/subscription/${subscriptionId}/leases`)).body.engines.used;

describe('checkouts arriving together', () => {
  it('give the last seats to as many engines as there are seats and answer the others 409', async () => {
    const sub = await fleet(3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => checkout(i, sub.apiKey1, `racer-${i}`)),
    );
    const won = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(3);
    expect(refused).toHaveLength(5);
    expect(new Set(won.map((a) => a.body.lease.leaseId)).size).toBe(3);
    const soonest = won.map((a) => a.body.lease.expiresAt).sort()[0];
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ code: 'TOO_MANY_LEASES', nextLeaseEndsAt: soonest });
    }
    expect(await used(sub.id)).toBe(3);
  });

  it('give the same machine one seat however many of its checkouts race', async () => {
    const sub = await fleet(2);
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => checkout(i, sub.apiKey1, 'twin')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.lease.leaseId)).size).toBe(1);
    expect(await used(sub.id)).toBe(1);
  });

  it('keep each license to its own limit when several licenses are checked out together', async () => {
    const subs = await Promise.all([fleet(1), fleet(2), fleet(3)]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => checkout(i, subs[i % 3]!.apiKey1, `mixed-${i}`)),
    );
    [0, 1, 2].forEach((n) => {
      const mine = answers.filter((_, i) => i % 3 === n);
      expect(mine.filter((a) => a.status === 201)).toHaveLength(n + 1);
      expect(mine.filter((a) => a.status === 409)).toHaveLength(3 - n);
    });
    expect(await Promise.all(subs.map((sub) => used(sub.id)))).toEqual([1, 2, 3]);
  });

  it('decide one batch as if its calls had come one after another', async () => {
    // A batch as the writer hands it to the database: a machine twice, one already holding a lease,
    // more new machines than seats left.
    const sub = await fleet(2);
    const old = (await checkout(0, sub.apiKey1, 'old')).body.lease;
    l.clock.advanceMs(MINUTE);
    const now = l.clock.now();
    const expiresAt = new Date(now.getTime() + 15 * MINUTE);
    const call = (fingerprint: string, hostname = `pod-${fingerprint}`) => ({
      subscriptionId: sub.id,
      limit: 2,
      fingerprint,
      hostname,
      expiresAt,
    });
    const rows = await checkoutLeases(
      l.t.database.db,
      [call('a'), call('old', 'renamed'), call('a', 'pod-a-again'), call('b'), call('c')],
      now,
    );
    expect(rows.map((r) => r.outcome)).toEqual(['new', 'held', 'held', 'full', 'full']);
    const leaseOf = (i: number) => {
      const row = rows[i];
      if (row?.outcome === 'full' || !row) throw new Error(`call ${i} got no lease`);
      return row.lease;
    };
    expect(leaseOf(1)).toMatchObject({ id: old.leaseId, hostname: 'renamed', expiresAt });
    expect(leaseOf(2).id).toBe(leaseOf(0).id);
    expect(leaseOf(2).hostname).toBe('pod-a-again');
    expect(rows[3]).toEqual({ outcome: 'full', nextEndsAt: expiresAt });
    expect(await used(sub.id)).toBe(2);
  });
});

describe('renewals arriving together', () => {
  it('answer each engine its own lease, or why it has none', async () => {
    const sub = await fleet(3);
    const elsewhere = await fleet(1);
    const lapsing = (await checkout(0, sub.apiKey1, 'lapsing')).body.lease;
    l.clock.advanceMs(10 * MINUTE);
    const b = (await checkout(1, sub.apiKey1, 'renewing-b')).body.lease;
    const c = (await checkout(0, sub.apiKey1, 'renewing-c')).body.lease;
    l.clock.advanceMs(6 * MINUTE);

    const [lapsed, renewedB, renewedC, unknown, twice, wrongKey] = await Promise.all([
      renew(0, sub.apiKey1, lapsing.leaseId),
      renew(1, sub.apiKey1, b.leaseId),
      renew(0, sub.apiKey1, c.leaseId),
      renew(1, sub.apiKey1, randomUUID()),
      renew(0, sub.apiKey1, b.leaseId),
      renew(1, elsewhere.apiKey1, c.leaseId),
    ]);
    expect(lapsed).toMatchObject({ status: 409, body: { code: 'LEASE_EXPIRED' } });
    const expiresAt = new Date(l.clock.now().getTime() + 15 * MINUTE).toISOString();
    expect(renewedB).toMatchObject({ status: 200, body: { lease: { leaseId: b.leaseId, expiresAt } } });
    expect(renewedC).toMatchObject({ status: 200, body: { lease: { leaseId: c.leaseId, expiresAt } } });
    expect(twice).toMatchObject({ status: 200, body: { lease: { leaseId: b.leaseId, expiresAt } } });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'NO_LEASE' } });
    expect(wrongKey).toMatchObject({ status: 404, body: { code: 'NO_LEASE' } });
  });
});
