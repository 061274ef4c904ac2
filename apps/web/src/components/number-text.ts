import { toIntegerOrZero } from '@store/core';

/**
 * The text behind a number field: what may be typed, how it reads as a value and how it is shown.
 * The field keeps the *clean* text (a leading minus, digits, one decimal point) and shows it with
 * its prefix and thousands separators; the value it hands the form is a number whenever the text
 * is one written plainly ("12.5"), and the text itself otherwise ("12.50", "1.", "-", ""), so that
 * what is being typed is never rewritten under the cursor. The forms' schemas read both (docs/spec.md §5).
 */
export interface NumberTextFormat {
  /**
   * False for whole numbers. Their decimal point is still kept while typing, so that "2.6" reads as
   * 2.6 (rounded to 3 when the field is left, docs/spec.md §5), never as the digits run together, 26.
   */
  allowDecimal: boolean;
  allowNegative: boolean;
  /** Digits kept after the decimal point while typing; unlimited when absent. */
  decimalScale?: number;
  prefix: string;
  /** Groups the whole part in threes; empty for none. */
  thousandSeparator: string;
}

export type NumberValue = number | string;

const DIGIT = /\d/;
const SIGNIFICANT = /[\d.-]/;

/** Keeps what a number can be made of; anything else typed or pasted (the prefix, separators, letters) drops out. */
export function cleanNumberText(typed: string, format: NumberTextFormat): string {
  const point = !format.allowDecimal || (format.decimalScale ?? 1) > 0;
  // Without grouping a comma can only mean the decimal point ("12,5" typed on a European keyboard).
  const text = format.thousandSeparator === '' ? typed.replaceAll(',', '.') : typed;
  let out = '';
  let decimals = -1;
  for (const ch of text) {
    if (DIGIT.test(ch)) {
      if (decimals >= 0 && format.decimalScale !== undefined && decimals >= format.decimalScale) continue;
      out += ch;
      if (decimals >= 0) decimals += 1;
    } else if (ch === '.' && point && decimals < 0) {
      out += '.';
      decimals = 0;
    } else if (ch === '-' && format.allowNegative && out === '') {
      out = '-';
    }
  }
  return out;
}

/**
 * What a person typed or pasted into a field that groups thousands with commas, read as they most
 * likely meant it: a comma the field did not put there is a decimal comma ("12,50" is 12.50, a comma
 * typed alone is the point), unless the text also has a point ("1,250.00") or every comma starts a
 * group of three digits ("1,250", "12,500,000"), which is how the field itself writes thousands.
 */
export function insertedNumberText(inserted: string): string {
  if (!inserted.includes(',') || inserted.includes('.')) return inserted;
  if (/^\D*\d{1,3}(,\d{3})+\D*$/.test(inserted)) return inserted;
  return inserted.replace(',', '.');
}

/** The clean text as it is shown: "-1234.5" → "-$1,234.5". */
export function displayNumberText(clean: string, format: NumberTextFormat): string {
  const negative = clean.startsWith('-');
  const body = negative ? clean.slice(1) : clean;
  if (body === '') return clean;
  const [whole = '', fraction] = body.split('.');
  const grouped = format.thousandSeparator
    ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, format.thousandSeparator)
    : whole;
  return `${negative ? '-' : ''}${format.prefix}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** The value a form gets: a number when the text is that number written plainly, else the text. */
export function numberValue(clean: string): NumberValue {
  const n = Number(clean);
  return clean !== '' && Number.isFinite(n) && String(n) === clean ? n : clean;
}

/** The clean text of a form's value (null and undefined are an empty field). */
export function numberText(value: NumberValue | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return value ?? '';
}

/** How many characters of the number sit before the caret, so the caret can follow them after reformatting. */
export const significantBefore = (typed: string, caret: number, format: NumberTextFormat): number =>
  cleanNumberText(typed.slice(0, caret), format).length;

/** Where the caret goes in the shown text: after as many characters of the number as were before it. */
export function caretAfter(shown: string, significant: number, prefix: string): number {
  if (significant === 0) return shown.startsWith(prefix) ? prefix.length : 0;
  let seen = 0;
  for (let i = 0; i < shown.length; i += 1) {
    if (SIGNIFICANT.test(shown[i]!) && ++seen === significant) return i + 1;
  }
  return shown.length;
}

const decimalPlaces = (text: string) => text.split('.')[1]?.length ?? 0;
const clamp = (n: number, min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY) =>
  Math.min(max, Math.max(min, n));

/**
 * One step up or down, as the arrow keys and the field's controls take it: in the finer of the
 * text's and the step's decimals, so 0.1 + 0.2 is 0.3 and "12.99" + 0.01 is "13.00"; an empty or
 * unfinished text starts from 0 (or the nearest bound).
 */
export function steppedNumberText(
  clean: string,
  direction: 1 | -1,
  { step, min, max }: { step: number; min?: number; max?: number },
): string {
  const n = Number(clean);
  if (clean === '' || clean === '-' || !Number.isFinite(n)) return String(clamp(0, min, max));
  const places = Math.max(decimalPlaces(clean), decimalPlaces(String(step)));
  const factor = 10 ** places;
  const next = (Math.round(n * factor) + direction * Math.round(step * factor)) / factor;
  return clamp(next, min, max).toFixed(places);
}

export interface SettleRules {
  min?: number;
  max?: number;
  /** Rounds half up to a whole number (docs/spec.md §5: engines and designers). */
  wholeNumber?: boolean;
  /** What an empty or unfinished field becomes (docs/spec.md §5: "a non-number becomes 0"); left as is when absent. */
  emptyValue?: number;
}

/**
 * What a left field settles to: a whole-number field rounds ("2.6" → "3"), an empty one takes its
 * empty value, a number outside the bounds becomes the nearest bound (a message would otherwise say
 * the same thing), and leading zeros go ("007" → "7"). Null when nothing changes.
 */
export function settledNumberText(clean: string, rules: SettleRules): string | null {
  const trimmed = clean.replace(/^(-?)0+(?=\d)/, '$1');
  const parsed = Number(trimmed);
  const number = trimmed !== '' && trimmed !== '-' && Number.isFinite(parsed);
  if (!number && rules.emptyValue === undefined) return trimmed === clean ? null : trimmed;
  const n = number ? parsed : rules.emptyValue!;
  const rounded = rules.wholeNumber ? toIntegerOrZero(n) : n;
  const bounded = clamp(rounded, rules.min, rules.max);
  if (!number || bounded !== parsed) return String(bounded);
  return trimmed === clean ? null : trimmed;
}
