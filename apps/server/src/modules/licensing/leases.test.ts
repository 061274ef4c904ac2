import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY, licensingTestFile, PASSWORD, USER_EMAIL } from '../../../test/support/licensing';
import { pricingPlans } from '../../db/schema';
import { verifyLicenseFile } from './verify-license-file';

// Floating seats (docs/decisions/034): leases checked out to the limit, renewed by heartbeat, freed by
// check-in, by an administrator or by running out on the clock, and borrowed offline.

const MINUTE = 60_000;
const setFleet = (values: { leaseMinutes?: number; borrowDays?: number }) =>
  l.t.db.update(pricingPlans).set(values).where(eq(pricingPlans.planName, 'Pro Fleet'));

const l = licensingTestFile('each');

const fleet = (numberMachines: number) => l.subscribe('Pro Fleet', { numberMachines });
const checkout = (licenseKey: string, fingerprint: string, hostname = `pod-${fingerprint}`) =>
  l.engine('/api/licensing/leases', { licenseKey, fingerprint, hostname });
const renew = (licenseKey: string, leaseId: string) =>
  l.engine(`/api/licensing/leases/${leaseId}/heartbeat`, { licenseKey });
async function checkIn(leaseId: string) {
  const res = await l.t.app.inject({ method: 'DELETE', url: `/api/licensing/leases/${leaseId}` });
  return { status: res.statusCode, body: res.json() };
}

describe('POST /api/licensing/leases (checkout)', () => {
  it('leases seats up to the limit, then answers 409 TOO_MANY_LEASES with when the next lease ends', async () => {
    const sub = await fleet(3);
    const first = await checkout(sub.apiKey1, 'fp-a', 'fleet-pod-a');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      licenseId: sub.id + 50_000,
      leaseMinutes: 15,
      alreadyHeld: false,
      lease: {
        leaseId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        fingerprint: 'fp-a',
        hostname: 'fleet-pod-a',
        startedAt: l.clock.now().toISOString(),
        renewedAt: l.clock.now().toISOString(),
        expiresAt: new Date(l.clock.now().getTime() + 15 * MINUTE).toISOString(),
        borrowed: false,
      },
      entitlements: { barcodes: true, 'max-pages-per-document': 2000, ocr: true, 'pdf-a': true },
    });
    l.clock.advanceMs(MINUTE);
    expect((await checkout(sub.apiKey1, 'fp-b')).status).toBe(201);
    expect((await checkout(sub.apiKey1, 'fp-c')).status).toBe(201);

    const refused = await checkout(sub.apiKey1, 'fp-d');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'TOO_MANY_LEASES',
      message: expect.stringContaining('All 3 floating seats of this license are leased.'),
      nextLeaseEndsAt: first.body.lease.expiresAt,
    });

    // The same machine again is the same seat, renewed, never a second one.
    const again = await checkout(sub.apiKey1, 'fp-a', 'fleet-pod-a-renamed');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      alreadyHeld: true,
      lease: { leaseId: first.body.lease.leaseId, hostname: 'fleet-pod-a-renamed' },
    });
    const validation = await l.engine('/api/licensing/validate', { licenseKey: sub.apiKey1 });
    expect(validation.body).toMatchObject({
      code: 'VALID',
      seats: 'floating',
      leaseMinutes: 15,
      limits: { engines: 3 },
      activations: { engines: 3 },
    });
  });

  it('lets only one of two engines racing for the last seat have it', async () => {
    const sub = await fleet(2);
    expect((await checkout(sub.apiKey1, 'race-0')).status).toBe(201);
    const answers = await Promise.all([checkout(sub.apiKey1, 'race-1'), checkout(sub.apiKey1, 'race-2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const list = await l.admin.get(`/api/subscription/${sub.id}/leases`);
    expect(list.body.engines).toEqual({ used: 2, limit: 2 });
  });

  it('refuses a node-locked license (NOT_FLOATING), and a floating one refuses engine activation (FLOATING)', async () => {
    const locked = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const refused = await checkout(locked.apiKey1, 'fp-locked');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NOT_FLOATING');

    const sub = await fleet(1);
    const activation = await l.activate(sub.apiKey1, 'engine', 'old-style');
    expect(activation.status).toBe(409);
    expect(activation.body.code).toBe('FLOATING');
    // Designers still activate their workstations.
    const designer = await l.activate(sub.apiKey1, 'designer', 'studio');
    expect(designer.status).toBe(201);
  });

  it('answers 404 NOT_FOUND for an unknown key and 400 naming a bad fingerprint', async () => {
    expect((await checkout('no-such-key', 'fp')).body.code).toBe('NOT_FOUND');
    expect((await renew('no-such-key', 'not-a-lease')).body.code).toBe('NOT_FOUND');
    const sub = await fleet(1);
    const bad = await checkout(sub.apiKey1, 'has spaces');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION', field: 'fingerprint' });
  });
});

describe('renewal and expiry', () => {
  it('keeps the seat while renewed; a lease not renewed in time ends by itself and frees the seat', async () => {
    const sub = await fleet(1);
    const lease = (await checkout(sub.apiKey1, 'fp-renew')).body.lease;
    l.clock.advanceMs(10 * MINUTE);
    const renewed = await renew(sub.apiKey1, lease.leaseId);
    expect(renewed.status).toBe(200);
    expect(renewed.body.lease).toMatchObject({
      renewedAt: l.clock.now().toISOString(),
      expiresAt: new Date(l.clock.now().getTime() + 15 * MINUTE).toISOString(),
    });
    l.clock.advanceMs(14 * MINUTE);
    expect((await checkout(sub.apiKey1, 'fp-other')).body.code).toBe('TOO_MANY_LEASES');
    const valid = await l.engine('/api/licensing/validate', {
      licenseKey: sub.apiKey1,
      leaseId: lease.leaseId,
    });
    expect(valid.body).toMatchObject({ code: 'VALID', lease: { leaseId: lease.leaseId } });

    // The container was killed: nothing renews, and at the lease's end the seat is free.
    l.clock.advanceMs(MINUTE);
    const lapsed = await renew(sub.apiKey1, lease.leaseId);
    expect(lapsed.status).toBe(409);
    expect(lapsed.body).toEqual({
      code: 'LEASE_EXPIRED',
      message:
        'This lease was not renewed within 15 minutes, so its seat was released. Check out a new lease.',
    });
    const validation = await l.engine('/api/licensing/validate', {
      licenseKey: sub.apiKey1,
      leaseId: lease.leaseId,
    });
    expect(validation.body).toMatchObject({
      valid: false,
      code: 'LEASE_EXPIRED',
      activations: { engines: 0 },
    });
    expect((await checkout(sub.apiKey1, 'fp-other')).status).toBe(201);
    // Its row was cleared by that checkout: the engine is told to check out again either way.
    expect((await renew(sub.apiKey1, lease.leaseId)).body.code).toBe('NO_LEASE');
  });

  it("takes the plan's lease length", async () => {
    const sub = await fleet(1);
    await setFleet({ leaseMinutes: 5 });
    try {
      const res = await checkout(sub.apiKey1, 'fp-short');
      expect(res.body.leaseMinutes).toBe(5);
      expect(res.body.lease.expiresAt).toBe(new Date(l.clock.now().getTime() + 5 * MINUTE).toISOString());
    } finally {
      await setFleet({ leaseMinutes: 15 });
    }
  });
});

describe('DELETE /api/licensing/leases/{leaseId} (check-in)', () => {
  it('frees the seat at once; a second check-in is 404 NO_LEASE', async () => {
    const sub = await fleet(1);
    const lease = (await checkout(sub.apiKey1, 'fp-exit', 'exiting-pod')).body.lease;
    const res = await checkIn(lease.leaseId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ leaseId: lease.leaseId, hostname: 'exiting-pod' });
    expect((await checkout(sub.apiKey1, 'fp-next')).status).toBe(201);
    expect((await checkIn(lease.leaseId)).body.code).toBe('NO_LEASE');
    expect((await checkIn('not-a-lease-id')).body.code).toBe('NO_LEASE');
  });
});

describe('POST /api/licensing/leases/{leaseId}/borrow', () => {
  it("borrows for up to the plan's days with a signed file, held until returned or the borrow ends", async () => {
    const sub = await fleet(1);
    const lease = (await checkout(sub.apiKey1, 'fp-laptop', 'field-laptop')).body.lease;
    const url = `/api/licensing/leases/${lease.leaseId}/borrow`;
    const tooLong = await l.engine(url, { licenseKey: sub.apiKey1, days: 8 });
    expect(tooLong.status).toBe(409);
    expect(tooLong.body).toEqual({
      code: 'BORROW_LIMIT',
      message: 'A lease of this plan may be borrowed for at most 7 days.',
    });

    const res = await l.engine(url, { licenseKey: sub.apiKey1, days: 3 });
    expect(res.status).toBe(200);
    const until = new Date(l.clock.now().getTime() + 3 * DAY);
    expect(res.body.lease).toMatchObject({ borrowed: true, expiresAt: until.toISOString() });
    const keys = (await l.t.app.inject({ method: 'GET', url: '/api/licensing/public-key' })).json();
    const payload = verifyLicenseFile(res.body.borrowFile, keys.publicKey, l.clock.now());
    expect(payload).toMatchObject({
      licenseId: sub.id + 50_000,
      leaseId: lease.leaseId,
      fingerprint: 'fp-laptop',
      engineHosts: ['field-laptop'],
      expiry: until.toISOString(),
    });

    // Offline for two days without a renewal: the seat is still held.
    l.clock.advanceDays(2);
    expect((await checkout(sub.apiKey1, 'fp-other')).body.code).toBe('TOO_MANY_LEASES');
    // Back online, a renewal never shortens the borrow.
    expect((await renew(sub.apiKey1, lease.leaseId)).body.lease.expiresAt).toBe(until.toISOString());
    // Returned early: the seat is free.
    expect((await checkIn(lease.leaseId)).status).toBe(200);
    expect((await checkout(sub.apiKey1, 'fp-other')).status).toBe(201);
  });

  it('frees the seat when the borrow ends, and refuses a plan that lends nothing', async () => {
    const sub = await fleet(1);
    const lease = (await checkout(sub.apiKey1, 'fp-away')).body.lease;
    await l.engine(`/api/licensing/leases/${lease.leaseId}/borrow`, { licenseKey: sub.apiKey1, days: 1 });
    l.clock.advanceMs(DAY);
    expect((await checkout(sub.apiKey1, 'fp-after')).status).toBe(201);

    await setFleet({ borrowDays: 0 });
    try {
      const held = (await checkout(sub.apiKey1, 'fp-after')).body.lease;
      const res = await l.engine(`/api/licensing/leases/${held.leaseId}/borrow`, {
        licenseKey: sub.apiKey1,
        days: 1,
      });
      expect(res.body).toEqual({
        code: 'BORROW_LIMIT',
        message: 'Leases of this plan may not be borrowed for offline use.',
      });
    } finally {
      await setFleet({ borrowDays: 7 });
    }
  });
});

describe('the License section: GET and DELETE /api/subscription/{id}/leases', () => {
  it('lists the live leases to anyone who sees the subscription; an admin ends one, a user may not', async () => {
    const sub = await fleet(3);
    const a = (await checkout(sub.apiKey1, 'fp-1', 'pod-one')).body.lease;
    l.clock.advanceMs(MINUTE);
    await checkout(sub.apiKey1, 'fp-2', 'pod-two');
    const gone = (await checkout(sub.apiKey1, 'fp-3', 'pod-gone')).body.lease;
    await checkIn(gone.leaseId);

    const user = await l.t.login(USER_EMAIL, PASSWORD, l.org.id);
    const list = await user.get(`/api/subscription/${sub.id}/leases`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ leaseMinutes: 15, borrowDays: 7, engines: { used: 2, limit: 3 } });
    expect(list.body.leases.map((x: { hostname: string }) => x.hostname)).toEqual(['pod-one', 'pod-two']);
    // The machines list says the engines float, and leaves them no machine seat.
    expect((await user.get(`/api/subscription/${sub.id}/machines`)).body).toMatchObject({
      seats: 'floating',
      engines: { used: 0, limit: 0 },
    });

    expect((await user.delete(`/api/subscription/${sub.id}/leases/${a.leaseId}`)).status).toBe(403);
    const ended = await l.admin.delete(`/api/subscription/${sub.id}/leases/${a.leaseId}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ leaseId: a.leaseId, hostname: 'pod-one' });
    expect((await renew(sub.apiKey1, a.leaseId)).body.code).toBe('NO_LEASE');
    expect((await l.admin.delete(`/api/subscription/${sub.id}/leases/${a.leaseId}`)).status).toBe(404);
    expect((await l.admin.get(`/api/subscription/${sub.id}/leases`)).body.engines.used).toBe(1);
  });

  it('frees every lease with Flush Keys', async () => {
    const sub = await fleet(2);
    await checkout(sub.apiKey1, 'fp-x');
    await checkout(sub.apiKey1, 'fp-y');
    const flush = await l.admin.get(`/api/subscription/${sub.id}/flush-keys`);
    expect(flush.status).toBe(200);
    expect((await l.admin.get(`/api/subscription/${sub.id}/leases`)).body.leases).toEqual([]);
  });
});
