import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes';
import {
  endedLicenseRefusal,
  heartbeatWindowDays,
  isMachineAlive,
  LicensingMessages,
  licenseHasEnded,
  machineSeatsText,
  shouldRefreshLastSeen,
} from './licensing';
import {
  LicenseCodeSchema,
  MAX_USAGE_BATCH,
  MAX_USAGE_BODY_BYTES,
  UsageRequestSchema,
  ValidationCode,
} from './schemas/licensing';

const now = new Date('2026-11-02T12:00:00Z');
const active = {
  isActive: true,
  deactivateDate: null,
  isPerpetualLicense: false,
  nextBaseBillingDate: new Date('2026-12-01T00:00:00Z'),
};
const day = 86_400_000;

describe('license codes', () => {
  it('keeps the codes engines already use and adds UNPAID, CANCELLED, HEARTBEAT_DEAD and the lease codes', () => {
    // Written out, not imported: renaming a code engines in the field compare against must fail here.
    const fielded =
      'VALID NOT_FOUND CANCELLED EXPIRED SUSPENDED UNPAID NO_MACHINE HEARTBEAT_DEAD OVER_CAP TOO_MANY_MACHINES TOO_MANY_LEASES NO_LEASE LEASE_EXPIRED NOT_FLOATING FLOATING BORROW_LIMIT';
    expect(LicenseCodeSchema.options).toEqual(fielded.split(' '));
    expect(Object.values(ValidationCode).sort()).toEqual([...LicenseCodeSchema.options].sort());
  });

  it('every refusal is also a code of the API error enum', () => {
    const refusals = LicenseCodeSchema.options.filter((c) => c !== 'VALID');
    for (const code of refusals) expect(ErrorCode.options).toContain(code);
  });
});

describe('licenseHasEnded and endedLicenseRefusal', () => {
  it('runs while active, and a cancelled one until its end date', () => {
    expect(licenseHasEnded(active, now)).toBe(false);
    const cancelling = { ...active, deactivateDate: new Date(now.getTime() + day) };
    expect(licenseHasEnded(cancelling, now)).toBe(false);
    expect(licenseHasEnded(cancelling, new Date(now.getTime() + day))).toBe(true);
  });

  it('answers CANCELLED with the end date once a cancellation ends, before and after the billing run', () => {
    const endedOn = new Date('2026-11-01T00:00:00Z');
    for (const isActive of [true, false]) {
      const s = { ...active, isActive, deactivateDate: endedOn };
      expect(endedLicenseRefusal(s, now, false)).toEqual({
        code: 'CANCELLED',
        message: 'This subscription was cancelled; its license ended on November 01, 2026.',
      });
    }
  });

  it('answers UNPAID for a subscription deactivated by an overdue bill, even one also cancelled', () => {
    const s = { ...active, isActive: false, deactivateDate: new Date('2026-10-20T00:00:00Z') };
    expect(endedLicenseRefusal(s, now, true).code).toBe('UNPAID');
    expect(endedLicenseRefusal(s, now, true).message).toBe(LicensingMessages.unpaid);
  });

  it('answers SUSPENDED for a deactivation without a cancellation or an overdue bill', () => {
    expect(endedLicenseRefusal({ ...active, isActive: false }, now, false).code).toBe('SUSPENDED');
  });

  it('answers EXPIRED when the paid period lapsed more than the grace ago without renewal', () => {
    const lapsing = { ...active, nextBaseBillingDate: new Date(now.getTime() - 14 * day) };
    expect(licenseHasEnded(lapsing, now)).toBe(false);
    expect(licenseHasEnded(lapsing, new Date(now.getTime() + 1))).toBe(true);
    expect(endedLicenseRefusal(lapsing, new Date(now.getTime() + 1), false).code).toBe('EXPIRED');
    expect(licenseHasEnded({ ...lapsing, isPerpetualLicense: true }, new Date(now.getTime() + 1))).toBe(
      false,
    );
    expect(licenseHasEnded({ ...active, nextBaseBillingDate: null }, new Date('2099-01-01'))).toBe(false);
  });
});

describe('heartbeats', () => {
  it("takes the plan's window, else the configured default", () => {
    expect(heartbeatWindowDays(null, 7)).toBe(7);
    expect(heartbeatWindowDays(2, 7)).toBe(2);
    expect(heartbeatWindowDays(0, 7)).toBe(7);
  });

  it('keeps a machine alive for exactly the window after it was last seen', () => {
    const seen = new Date('2026-11-01T00:00:00Z');
    expect(isMachineAlive(seen, new Date(seen.getTime() + 7 * day), 7)).toBe(true);
    expect(isMachineAlive(seen, new Date(seen.getTime() + 7 * day + 1), 7)).toBe(false);
  });

  it('writes down a validation as a sign of life at most once an hour', () => {
    const seen = new Date('2026-11-01T00:00:00Z');
    expect(shouldRefreshLastSeen(seen, new Date(seen.getTime() + 59 * 60_000))).toBe(false);
    expect(shouldRefreshLastSeen(seen, new Date(seen.getTime() + 60 * 60_000))).toBe(true);
  });

  it('names the window in the HEARTBEAT_DEAD sentence', () => {
    expect(LicensingMessages.heartbeatDead(7)).toBe(
      'This machine sent no heartbeat for more than 7 days, so its seat was released. Activate it again.',
    );
    expect(LicensingMessages.heartbeatDead(1)).toMatch(/more than 1 day,/);
  });
});

describe('machineSeatsText', () => {
  it("reads 'n of N engines, m of M designers'", () => {
    expect(machineSeatsText({ engines: { used: 2, limit: 3 }, designers: { used: 1, limit: 4 } })).toBe(
      '2 of 3 engines, 1 of 4 designers',
    );
    expect(machineSeatsText({ engines: { used: 1, limit: 1 }, designers: { used: 0, limit: 1 } })).toBe(
      '1 of 1 engine, 0 of 1 designer',
    );
  });

  it('says when engines are not limited, and leaves out a kind the plan has none of', () => {
    expect(machineSeatsText({ engines: { used: 5, limit: null }, designers: { used: 0, limit: 1 } })).toBe(
      '5 engines (not limited), 0 of 1 designer',
    );
    expect(machineSeatsText({ engines: { used: 0, limit: null }, designers: { used: 1, limit: 2 } })).toBe(
      '1 of 2 designers',
    );
    expect(machineSeatsText({ engines: { used: 0, limit: null }, designers: { used: 0, limit: 0 } })).toBe(
      'No machines activated',
    );
  });
});

describe('UsageRequestSchema', () => {
  const report = { transactionId: 't', hostname: 'h', pages: 1, time: '2026-11-02T10:00:00Z' };

  it('takes 1 to 1000 reports with ISO times', () => {
    expect(UsageRequestSchema.safeParse({ licenseKey: 'k', reports: [report] }).success).toBe(true);
    expect(UsageRequestSchema.safeParse({ licenseKey: 'k', reports: Array(1001).fill(report) }).success).toBe(
      false,
    );
    for (const time of ['now', `2026-11-02T10:00:00.${'1'.repeat(40)}Z`]) {
      expect(UsageRequestSchema.safeParse({ licenseKey: 'k', reports: [{ ...report, time }] }).success).toBe(
        false,
      );
    }
  });

  it('bounds the body of a full batch with every field at its longest (3 bytes a character)', () => {
    const longest = {
      transactionId: '界'.repeat(100),
      hostname: '界'.repeat(253),
      pages: 1_000_000,
      time: '2026-11-02T10:00:00.123456789+01:00',
    };
    const body = { licenseKey: '界'.repeat(200), reports: Array(MAX_USAGE_BATCH).fill(longest) };
    expect(UsageRequestSchema.safeParse(body).success).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeLessThanOrEqual(MAX_USAGE_BODY_BYTES);
  });
});
