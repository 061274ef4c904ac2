import { describe, expect, it } from 'vitest';
import {
  bpToFraction,
  dollarsToMicros,
  formatUsd,
  formatUsdPerPeriod,
  fractionToBp,
  fromCents,
  microsToDollars,
  roundHalfUp,
  toCents,
} from './money';

describe('roundHalfUp', () => {
  it.each([
    [0, 0],
    [0.4, 0],
    [0.5, 1],
    [1.5, 2],
    [2.5, 3],
    [-0.5, -1],
    [-1.4, -1],
    [100.49999999999999, 101],
    [12345.5, 12346],
  ])('%d -> %d', (input, expected) => {
    expect(roundHalfUp(input)).toBe(expected);
  });

  it('rejects non-finite numbers', () => {
    expect(() => roundHalfUp(Number.NaN)).toThrow(RangeError);
    expect(() => roundHalfUp(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('conversions', () => {
  it.each([
    [0, 0],
    [1, 100],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1234.56, 123456],
    [0.015, 2],
  ])('toCents(%d) = %i', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  it.each([
    [0, 0],
    [1999, 19.99],
    [123456, 1234.56],
  ])('fromCents(%i) = %d', (cents, dollars) => {
    expect(fromCents(cents)).toBe(dollars);
  });

  it.each([
    [0, 0],
    [0.1, 1000],
    [0.15, 1500],
    [0.075, 750],
    [1, 10_000],
    [0.12345, 1235],
  ])('fractionToBp(%d) = %i', (fraction, bp) => {
    expect(fractionToBp(fraction)).toBe(bp);
  });

  it.each([
    [0, 0],
    [1000, 0.1],
    [750, 0.075],
  ])('bpToFraction(%i) = %d', (bp, fraction) => {
    expect(bpToFraction(bp)).toBe(fraction);
  });

  it.each([
    [0.001, 1000],
    [0.0025, 2500],
    [1, 1_000_000],
    [0.000001, 1],
  ])('dollarsToMicros(%d) = %i', (dollars, micros) => {
    expect(dollarsToMicros(dollars)).toBe(micros);
    expect(microsToDollars(micros)).toBe(dollars);
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1250, '$12.50'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-1999, '-$19.99'],
  ])('%i -> %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it.each([
    [123456, 'year', '$1,234.56 / year'],
    [1000, 'month', '$10.00 / month'],
    [2500, 'quarter', '$25.00 / quarter'],
  ])('formatUsdPerPeriod(%i, %s)', (cents, period, text) => {
    expect(formatUsdPerPeriod(cents, period)).toBe(text);
  });
});
