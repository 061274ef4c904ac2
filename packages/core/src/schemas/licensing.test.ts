import { describe, expect, it } from 'vitest';
import { toUtcInstant, UsageReportSchema } from './licensing';

const report = (time: string) => ({ transactionId: 't', hostname: 'h', pages: 1, time });

describe("a usage report's time", () => {
  it.each([
    ['2026-11-20T10:00:00+16:52', '2026-11-19T17:08:00Z'],
    ['2026-11-20T10:00:00-23:59', '2026-11-21T09:59:00Z'],
    ['2026-11-20T10:00:00.123456789+01:00', '2026-11-20T09:00:00.123456789Z'],
    ['2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z'],
    ['2026-12-31T23:30:00-01:00', '2027-01-01T00:30:00Z'],
  ])('%s is read as the instant %s in UTC', (time, utc) => {
    expect(UsageReportSchema.parse(report(time)).time).toBe(utc);
    expect(toUtcInstant(time)).toBe(utc);
  });

  it.each(['2026-11-20T10:00:00+24:00', '2026-11-20T10:00:00', '2026-02-30T10:00:00Z'])(
    'refuses %s',
    (time) => {
      expect(UsageReportSchema.safeParse(report(time)).success).toBe(false);
    },
  );
});
