import { LicensingMessages } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../../test/support/billing';
import { createLicensingTestApp, DAY, type LicensingTestApp } from '../../../test/support/licensing';
import { organizations, subscriptions } from '../../db/schema';

// Every code of the engines' contract (docs/licensing.md), as the API answers it: validation always
// 200 with `valid` and the code; activation, heartbeats and usage refuse with the code as an error.

let l: LicensingTestApp;
beforeAll(async () => {
  l = await createLicensingTestApp();
});
afterAll(() => l.t.close());

const validate = (licenseKey: string, machine: object = {}) =>
  l.engine('/api/licensing/validate', { licenseKey, ...machine });
const report = (licenseKey: string, transactionId: string, pages: number) =>
  l.engine('/api/licensing/usage', {
    licenseKey,
    reports: [{ transactionId, hostname: 'meter-01', pages, time: l.clock.now().toISOString() }],
  });

/** activate, heartbeat and usage all refuse an ended license the same way. */
async function expectRefusedEverywhere(licenseKey: string, status: number, code: string, message: string) {
  const machine = { licenseKey, kind: 'engine', hostname: 'late-01' };
  for (const [url, body] of [
    ['/api/licensing/activate', machine],
    ['/api/licensing/heartbeat', machine],
    [
      '/api/licensing/usage',
      {
        licenseKey,
        reports: [{ transactionId: 'x', hostname: 'h', pages: 1, time: l.clock.now().toISOString() }],
      },
    ],
  ] as const) {
    const res = await l.engine(url, body);
    expect([url, res.status, res.body]).toEqual([url, status, { code, message }]);
  }
}

/** The validation answers an ended license's code and sentence, and every other call refuses it with them. */
async function expectEnded(licenseKey: string, code: string, detail: string) {
  expect((await validate(licenseKey)).body).toMatchObject({ valid: false, code, detail });
  await expectRefusedEverywhere(licenseKey, 403, code, detail);
}

describe('VALID, NO_MACHINE and HEARTBEAT_DEAD', () => {
  it('answers the machine with its state', async () => {
    const sub = await l.subscribe('Pro Business', { numberMachines: 2 });
    const activated = await l.engine('/api/licensing/activate', {
      licenseKey: sub.apiKey1,
      kind: 'engine',
      hostname: 'press-01',
    });
    expect(activated.status).toBe(201);
    const ok = await validate(sub.apiKey1, { kind: 'engine', hostname: 'press-01' });
    expect(ok.body).toMatchObject({
      valid: true,
      code: 'VALID',
      detail: 'The license is valid.',
      heartbeatWindowDays: 7,
      activations: { engines: 1, designers: 0 },
      limits: { engines: 2, designers: 2 },
      machine: {
        kind: 'engine',
        hostname: 'press-01',
        lastSeenAt: l.clock.now().toISOString(),
        heartbeatDeadline: new Date(l.clock.now().getTime() + 7 * DAY).toISOString(),
        alive: true,
      },
    });
    expect((await validate(sub.apiKey1)).body.code).toBe('VALID');

    const stranger = await validate(sub.apiKey1, { hostname: 'press-99' });
    expect(stranger.body).toMatchObject({
      valid: false,
      code: 'NO_MACHINE',
      detail: LicensingMessages.noMachine,
    });
    expect(stranger.body.machine).toBeUndefined();
    // A designer of the same name is another machine.
    expect((await validate(sub.apiKey1, { kind: 'designer', hostname: 'press-01' })).body.code).toBe(
      'NO_MACHINE',
    );

    const saved = l.clock.now();
    l.clock.advanceDays(8);
    try {
      const dead = await validate(sub.apiKey1, { kind: 'engine', hostname: 'press-01' });
      expect(dead.body).toMatchObject({
        valid: false,
        code: 'HEARTBEAT_DEAD',
        detail:
          'This machine sent no heartbeat for more than 7 days, so its seat was released. Activate it again.',
        activations: { engines: 0, designers: 0 },
        machine: { hostname: 'press-01', alive: false },
      });
    } finally {
      l.clock.set(saved);
    }
  });
});

describe('NOT_FOUND', () => {
  it('answers an unknown key: 200 valid false on validate, 404 elsewhere', async () => {
    expect((await validate('no-such-key')).body).toEqual({
      valid: false,
      code: 'NOT_FOUND',
      detail: 'Unknown license key.',
    });
    const machine = { licenseKey: 'no-such-key', kind: 'engine', hostname: 'h' };
    for (const url of ['/api/licensing/activate', '/api/licensing/heartbeat']) {
      expect((await l.engine(url, machine)).body).toEqual({
        code: 'NOT_FOUND',
        message: 'Unknown license key.',
      });
    }
    expect((await report('no-such-key', 'nf-1', 1)).status).toBe(404);
  });
});

describe('TOO_MANY_MACHINES', () => {
  it('refuses an activation beyond the licensed engines with the way out', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const first = { licenseKey: sub.apiKey1, kind: 'engine', hostname: 'one' };
    expect((await l.engine('/api/licensing/activate', first)).status).toBe(201);
    const second = await l.engine('/api/licensing/activate', { ...first, hostname: 'two' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      code: 'TOO_MANY_MACHINES',
      message:
        'All 1 engine activation of this license are in use. Deactivate a machine in the portal (the License section of the subscription) or use Flush Keys to release them all, or add engines to the subscription.',
    });
  });
});

describe('OVER_CAP', () => {
  it('answers OVER_CAP once the overage passes Max Overages, VALID again under a higher cap', async () => {
    // Flex 2,500 at 8¢: a $4 cap lets 50 RTUs through beyond the 2,500 included.
    const sub = await l.subscribe('Flex 2,500', { maxAdditionalMonthlyChargeCents: 4_00 });
    await report(sub.apiKey1, 'cap-1', 2_550);
    expect((await validate(sub.apiKey1)).body.code).toBe('VALID');
    await report(sub.apiKey1, 'cap-2', 1);
    expect((await validate(sub.apiKey1)).body).toMatchObject({
      valid: false,
      code: 'OVER_CAP',
      detail: LicensingMessages.overCap,
    });
    await l.t.db
      .update(subscriptions)
      .set({ maxAdditionalMonthlyChargeCents: 10_00 })
      .where(eq(subscriptions.id, sub.id));
    expect((await validate(sub.apiKey1)).body.code).toBe('VALID');
  });
});

describe('CANCELLED', () => {
  it('runs a cancelled subscription until its end date, then answers CANCELLED before and after the billing run', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const admin = await l.login();
    expect((await admin.delete(`/api/subscription/${sub.id}`)).status).toBe(200);
    expect((await validate(sub.apiKey1)).body.code).toBe('VALID');
    const saved = l.clock.now();
    l.clock.set(new Date(sub.nextBaseBillingDate!.getTime() + 60_000));
    try {
      const message = LicensingMessages.cancelled(sub.nextBaseBillingDate!);
      expect(message).toMatch(
        /^This subscription was cancelled; its license ended on [A-Z][a-z]+ \d\d, 2026\.$/,
      );
      await expectEnded(sub.apiKey1, 'CANCELLED', message);
      await runBillingCycle({ db: l.t.db, clock: l.clock, gateway: l.t.gateway });
      const [row] = await l.t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
      expect(row!.isActive).toBe(false);
      expect((await validate(sub.apiKey1)).body.code).toBe('CANCELLED');
    } finally {
      l.clock.set(saved);
    }
  });
});

describe('SUSPENDED', () => {
  it('answers SUSPENDED for a subscription deactivated without a cancellation or an overdue bill', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    await l.t.db.update(subscriptions).set({ isActive: false }).where(eq(subscriptions.id, sub.id));
    await expectEnded(sub.apiKey1, 'SUSPENDED', LicensingMessages.suspended);
  });
});

describe('EXPIRED', () => {
  it('answers EXPIRED when the paid period ended more than 14 days ago and no renewal ran', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const saved = l.clock.now();
    try {
      l.clock.set(new Date(sub.nextBaseBillingDate!.getTime() + 14 * DAY));
      expect((await validate(sub.apiKey1)).body.code).toBe('VALID');
      l.clock.advanceMs(1);
      await expectEnded(sub.apiKey1, 'EXPIRED', LicensingMessages.expired);
    } finally {
      l.clock.set(saved);
    }
  });
});

describe('UNPAID', () => {
  it('keeps a license running through the 14 days of grace, then answers UNPAID once deactivated', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1, daysAgo: 25 });
    await l.t.db
      .update(organizations)
      .set({ paymentMethodId: 'pm_card_chargeDeclined' })
      .where(eq(organizations.id, l.org.id));
    const saved = l.clock.now();
    const billing = () => runBillingCycle({ db: l.t.db, clock: l.clock, gateway: l.t.gateway });
    try {
      l.clock.set(new Date(sub.nextBaseBillingDate!.getTime() + 3_600_000));
      await billing();
      expect((await validate(sub.apiKey1)).body.code).toBe('VALID');
      l.clock.set(new Date(sub.nextBaseBillingDate!.getTime() + 14 * DAY + 3_600_000));
      await billing();
      const [row] = await l.t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
      expect(row!.isActive).toBe(false);
      await expectEnded(sub.apiKey1, 'UNPAID', LicensingMessages.unpaid);
    } finally {
      l.clock.set(saved);
      await l.t.db
        .update(organizations)
        .set({ paymentMethodId: 'pm_card_visa' })
        .where(eq(organizations.id, l.org.id));
    }
  });
});
