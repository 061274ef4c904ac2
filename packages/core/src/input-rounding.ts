import { roundHalfUp } from './money';

// Form inputs arrive as numbers, numeric strings, '' or null depending on the control; docs/spec.md §5
// says what a non-number becomes in each place.
const asNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
};

const toCurrency = (n: number) => roundHalfUp(n * 100) / 100;

/** Engines and designers: non-number becomes 0, rounded to an integer. */
export const toIntegerOrZero = (value: unknown): number => {
  const n = asNumber(value);
  return n === null ? 0 : roundHalfUp(n);
};

/** Max overages in the subscription editor: non-number becomes null, which the editor rejects. */
export const toCurrencyOrNull = (value: unknown): number | null => {
  const n = asNumber(value);
  return n === null ? null : toCurrency(n);
};

/** Max overages in the purchase form: non-number becomes 0. */
export const toCurrencyOrZero = (value: unknown): number => toCurrencyOrNull(value) ?? 0;

export const formatCurrencyInput = (n: number | null | undefined): string =>
  n === null || n === undefined || !Number.isFinite(n) ? '' : toCurrency(n).toFixed(2);
