import { describe, expect, it } from 'vitest';
import { formatCurrencyInput, toCurrencyOrNull, toCurrencyOrZero, toIntegerOrZero } from './input-rounding';

describe('toIntegerOrZero', () => {
  it.each([
    [3, 3],
    [2.5, 3],
    [2.4, 2],
    ['4', 4],
    [' 7.6 ', 8],
    ['', 0],
    ['abc', 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [{}, 0],
  ])('%s -> %i', (value, expected) => {
    expect(toIntegerOrZero(value)).toBe(expected);
  });
});

describe('currency inputs', () => {
  it.each([
    [12.5, 12.5, 12.5],
    [1.005, 1.01, 1.01],
    [12.344, 12.34, 12.34],
    ['19.999', 20, 20],
    [0, 0, 0],
    ['', null, 0],
    ['x', null, 0],
    [null, null, 0],
    [undefined, null, 0],
    [Number.NaN, null, 0],
  ])('%s -> editor %s, purchase %s', (value, editor, purchase) => {
    expect(toCurrencyOrNull(value)).toBe(editor);
    expect(toCurrencyOrZero(value)).toBe(purchase);
  });

  it.each([
    [12.5, '12.50'],
    [0, '0.00'],
    [1.005, '1.01'],
    [1000, '1000.00'],
    [null, ''],
    [undefined, ''],
  ])('formatCurrencyInput(%s) = %s', (n, text) => {
    expect(formatCurrencyInput(n)).toBe(text);
  });
});
