import { describe, expect, it } from 'vitest';
import {
  base32,
  formatReleaseCode,
  lateOverageCents,
  lateOverageLine,
  normalizeReleaseCode,
  usageMonthName,
} from './offline-activation';

describe('base32 (RFC 4648, no padding)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j is %s, as the RFC test vectors say', (text, encoded) => {
    expect(base32(new TextEncoder().encode(text))).toBe(encoded);
  });
});

describe('release codes', () => {
  it('print in groups of four and read back whatever the dashes, spaces and case', () => {
    expect(formatReleaseCode('ABCDEFGHIJKLMNOP')).toBe('ABCD-EFGH-IJKL-MNOP');
    expect(normalizeReleaseCode(' abcd-efgh ijkl-mnop ')).toBe('ABCDEFGHIJKLMNOP');
  });
});

describe('lateOverageCents', () => {
  const plan = { baseRtus: 2500, overagePerRtuMicros: 80_000, maxAdditionalMonthlyChargeCents: 100_000 };
  it.each([
    ['within the allowance', 1000, 1000, 0],
    ['crossing the allowance: only what is over', 2000, 1000, 4000],
    ['all over: every late RTU', 3000, 500, 4000],
    ['nothing late', 3000, 0, 0],
  ])('%s', (_, countedRtus, lateRtus, cents) => {
    expect(lateOverageCents({ ...plan, countedRtus, lateRtus })).toBe(cents);
  });

  it('never takes the month past Max Overages', () => {
    // 1,000 over the allowance already billed at $80, capped at $100: the late 1,000 add only $20.
    expect(
      lateOverageCents({
        ...plan,
        maxAdditionalMonthlyChargeCents: 10_000,
        countedRtus: 3500,
        lateRtus: 1000,
      }),
    ).toBe(2000);
  });
});

describe('the late line', () => {
  it('names the month in UTC', () => {
    const start = new Date('2026-10-01T00:00:00Z');
    expect(usageMonthName(start)).toBe('October 2026');
    expect(lateOverageLine('Plant Floor', start, 3000)).toBe(
      'Plant Floor: overage of October 2026 reported late from an offline site, 3,000 RTUs',
    );
  });
});
