import { describe, expect, it } from 'vitest';
import { BillingMode } from './billing-cycle';
import {
  addDays,
  addMonthsClamped,
  formatLongDate,
  formatMediumDate,
  formatMediumDateTime,
  formatShortDate,
  nextCycleDate,
} from './dates';

describe('formats (UTC)', () => {
  it.each([
    ['2026-11-22T14:41:00Z', 'Nov 22, 2026', '11-22-26', 'November 22, 2026'],
    ['2026-01-02T00:00:00Z', 'Jan 2, 2026', '01-02-26', 'January 02, 2026'],
    ['2026-12-31T23:59:59Z', 'Dec 31, 2026', '12-31-26', 'December 31, 2026'],
    ['2005-05-09T12:00:00Z', 'May 9, 2005', '05-09-05', 'May 09, 2005'],
  ])('%s', (iso, medium, short, long) => {
    for (const input of [iso, new Date(iso), Date.parse(iso)]) {
      expect(formatMediumDate(input)).toBe(medium);
      expect(formatShortDate(input)).toBe(short);
      expect(formatLongDate(input)).toBe(long);
    }
  });

  it('rejects invalid dates', () => {
    expect(() => formatMediumDate('not a date')).toThrow(RangeError);
  });
});

describe('addMonthsClamped', () => {
  it.each([
    ['2026-01-15T10:00:00Z', 1, undefined, '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00Z', 1, undefined, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T00:00:00Z', 1, undefined, '2028-02-29T00:00:00.000Z'],
    ['2026-02-28T00:00:00Z', 1, 31, '2026-03-31T00:00:00.000Z'],
    ['2026-11-30T00:00:00Z', 3, undefined, '2027-02-28T00:00:00.000Z'],
    ['2026-05-31T00:00:00Z', 12, undefined, '2027-05-31T00:00:00.000Z'],
    ['2026-03-31T00:00:00Z', -1, undefined, '2026-02-28T00:00:00.000Z'],
    ['2026-01-10T00:00:00Z', -13, undefined, '2024-12-10T00:00:00.000Z'],
  ])('%s + %i months (anchor %s)', (start, months, anchor, expected) => {
    expect(addMonthsClamped(start, months, anchor).toISOString()).toBe(expected);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-11-22T00:00:00Z', 14, '2026-12-06T00:00:00.000Z'],
    ['2026-12-31T05:00:00Z', 1, '2027-01-01T05:00:00.000Z'],
    ['2026-03-01T00:00:00Z', -1, '2026-02-28T00:00:00.000Z'],
  ])('%s + %i', (start, n, expected) => {
    expect(addDays(start, n).toISOString()).toBe(expected);
  });
});

describe('nextCycleDate', () => {
  it.each([
    [BillingMode.Monthly, 1, '2026-02-28T00:00:00.000Z'],
    [BillingMode.Monthly, 2, '2026-03-31T00:00:00.000Z'],
    [BillingMode.Quarterly, 1, '2026-04-30T00:00:00.000Z'],
    [BillingMode.Annually, 1, '2027-01-31T00:00:00.000Z'],
    [BillingMode.Annually, 0, '2026-01-31T00:00:00.000Z'],
  ])('mode %i after %i cycles', (mode, cycles, expected) => {
    expect(nextCycleDate('2026-01-31T00:00:00Z', mode, cycles).toISOString()).toBe(expected);
  });

  it('rejects an invalid mode', () => {
    expect(() => nextCycleDate('2026-01-31T00:00:00Z', 7, 1)).toThrow(
      'Invalid Argument: 7 is not a valid billing period.',
    );
  });
});

describe('formatMediumDateTime', () => {
  it('reads the date and the UTC time to the minute', () => {
    expect(formatMediumDateTime('2026-11-22T09:05:59Z')).toBe('Nov 22, 2026, 09:05 UTC');
    expect(formatMediumDateTime(new Date('2026-01-02T23:00:00+01:00'))).toBe('Jan 2, 2026, 22:00 UTC');
  });
});
