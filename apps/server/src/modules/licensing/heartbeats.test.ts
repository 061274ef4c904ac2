import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLicensingTestApp, DAY, type LicensingTestApp } from '../../../test/support/licensing';
import { loadConfig } from '../../config';
import { machineActivations, pricingPlans } from '../../db/schema';

// Keygen's heartbeat model (docs/design.md §5): a machine holds its seat while it is seen within the
// heartbeat window; silent longer, its seat is free for another machine. Time moves on the clock.

let l: LicensingTestApp;
beforeAll(async () => {
  l = await createLicensingTestApp();
});
afterAll(() => l.t.close());

const machine = (licenseKey: string, hostname: string, kind = 'engine') => ({ licenseKey, kind, hostname });
const activate = (licenseKey: string, hostname: string) =>
  l.engine('/api/licensing/activate', machine(licenseKey, hostname));
const heartbeat = (licenseKey: string, hostname: string) =>
  l.engine('/api/licensing/heartbeat', machine(licenseKey, hostname));
const lastSeen = async (hostname: string) =>
  (await l.t.db.select().from(machineActivations).where(eq(machineActivations.hostname, hostname)))[0]
    ?.lastSeenAt;

describe('POST /api/licensing/heartbeat', () => {
  it('marks the machine seen now and answers its next deadline', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    await activate(sub.apiKey1, 'hb-01');
    l.clock.advanceDays(3);
    const res = await heartbeat(sub.apiKey1, 'hb-01');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      licenseId: sub.id + 50_000,
      machine: {
        kind: 'engine',
        hostname: 'hb-01',
        activatedAt: new Date(l.clock.now().getTime() - 3 * DAY).toISOString(),
        lastSeenAt: l.clock.now().toISOString(),
        heartbeatDeadline: new Date(l.clock.now().getTime() + 7 * DAY).toISOString(),
        alive: true,
      },
      entitlements: { 'max-pages-per-document': 500, ocr: true, 'pdf-a': true },
    });
    expect(await lastSeen('hb-01')).toEqual(l.clock.now());
  });

  it('refuses a machine never activated (404 NO_MACHINE) and a body without a machine (400)', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const res = await heartbeat(sub.apiKey1, 'never-activated');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'NO_MACHINE',
      message: 'This machine is not activated for this license.',
    });
    const bad = await l.engine('/api/licensing/heartbeat', { licenseKey: sub.apiKey1, kind: 'engine' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'hostname is required', code: 'VALIDATION', field: 'hostname' });
  });
});

describe('the heartbeat window', () => {
  it('frees the seat of a machine silent for longer than 7 days; its heartbeat is then HEARTBEAT_DEAD', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    expect((await activate(sub.apiKey1, 'old-press')).status).toBe(201);
    expect((await activate(sub.apiKey1, 'new-press')).body.code).toBe('TOO_MANY_MACHINES');

    // Exactly 7 days of silence: still holding its seat.
    l.clock.advanceDays(7);
    expect((await activate(sub.apiKey1, 'new-press')).body.code).toBe('TOO_MANY_MACHINES');
    expect((await heartbeat(sub.apiKey1, 'old-press')).status).toBe(200);

    // 7 days and a second after that heartbeat: dead, and its seat is free.
    l.clock.advanceMs(7 * DAY + 1000);
    const dead = await heartbeat(sub.apiKey1, 'old-press');
    expect(dead.status).toBe(409);
    expect(dead.body).toEqual({
      code: 'HEARTBEAT_DEAD',
      message:
        'This machine sent no heartbeat for more than 7 days, so its seat was released. Activate it again.',
    });
    const validation = await l.engine('/api/licensing/validate', { licenseKey: sub.apiKey1 });
    expect(validation.body.activations).toEqual({ engines: 0, designers: 0 });
    expect((await activate(sub.apiKey1, 'new-press')).status).toBe(201);
    // The dead machine was cleared when the new one took the seat; it must wait for a free seat now.
    expect(await lastSeen('old-press')).toBeUndefined();
    expect((await activate(sub.apiKey1, 'old-press')).body.code).toBe('TOO_MANY_MACHINES');
  });

  it('lets a dead machine activate again while its seat is free', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    await activate(sub.apiKey1, 'sleeper');
    l.clock.advanceDays(30);
    expect((await heartbeat(sub.apiKey1, 'sleeper')).body.code).toBe('HEARTBEAT_DEAD');
    const again = await activate(sub.apiKey1, 'sleeper');
    expect(again.status).toBe(201);
    expect(again.body.machine).toMatchObject({ activatedAt: l.clock.now().toISOString(), alive: true });
    expect((await heartbeat(sub.apiKey1, 'sleeper')).status).toBe(200);
  });

  it("takes a plan's own window over the store's default", async () => {
    const sub = await l.subscribe('Pro Enterprise', { numberMachines: 1 });
    await l.t.db
      .update(pricingPlans)
      .set({ heartbeatWindowDays: 1 })
      .where(eq(pricingPlans.planName, 'Pro Enterprise'));
    await activate(sub.apiKey1, 'short-lived');
    l.clock.advanceMs(DAY + 1);
    const res = await l.engine('/api/licensing/validate', machine(sub.apiKey1, 'short-lived'));
    expect(res.body).toMatchObject({ code: 'HEARTBEAT_DEAD', heartbeatWindowDays: 1 });
    expect(res.body.detail).toMatch(/more than 1 day,/);
  });

  it('counts a validation naming the machine as a sign of life, written at most once an hour', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    await activate(sub.apiKey1, 'validator');
    const activatedAt = l.clock.now();
    l.clock.advanceMs(30 * 60_000);
    await l.engine('/api/licensing/validate', machine(sub.apiKey1, 'validator'));
    expect(await lastSeen('validator')).toEqual(activatedAt);
    l.clock.advanceMs(30 * 60_000);
    const res = await l.engine('/api/licensing/validate', machine(sub.apiKey1, 'validator'));
    expect(await lastSeen('validator')).toEqual(l.clock.now());
    expect(res.body.machine.lastSeenAt).toBe(l.clock.now().toISOString());
    // An engine that only validates keeps its seat past the window.
    for (let day = 0; day < 10; day++) {
      l.clock.advanceDays(1);
      expect((await l.engine('/api/licensing/validate', machine(sub.apiKey1, 'validator'))).body.code).toBe(
        'VALID',
      );
    }
  });
});

describe('HEARTBEAT_WINDOW_DAYS', () => {
  it('configures the default window, and refuses a bad value by name', async () => {
    expect(loadConfig({}).heartbeatWindowDays).toBe(7);
    expect(loadConfig({ HEARTBEAT_WINDOW_DAYS: '3' }).heartbeatWindowDays).toBe(3);
    expect(() => loadConfig({ HEARTBEAT_WINDOW_DAYS: '0' })).toThrow(
      'HEARTBEAT_WINDOW_DAYS must be at least 1',
    );
    expect(() => loadConfig({ HEARTBEAT_WINDOW_DAYS: 'week' })).toThrow(
      'HEARTBEAT_WINDOW_DAYS must be a number of days',
    );
  });

  it('is the window the API applies', async () => {
    const short = await createLicensingTestApp({ env: { HEARTBEAT_WINDOW_DAYS: '2' } });
    try {
      const sub = await short.subscribe('Pro Standard', { numberMachines: 1 });
      await short.engine('/api/licensing/activate', machine(sub.apiKey1, 'two-days'));
      short.clock.advanceMs(2 * DAY + 1);
      const res = await short.engine('/api/licensing/heartbeat', machine(sub.apiKey1, 'two-days'));
      expect(res.body.code).toBe('HEARTBEAT_DEAD');
    } finally {
      await short.t.close();
    }
  });
});
