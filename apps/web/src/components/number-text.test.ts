import { describe, expect, it } from 'vitest';
import {
  caretAfter,
  cleanNumberText,
  displayNumberText,
  insertedNumberText,
  type NumberTextFormat,
  numberText,
  numberValue,
  settledNumberText,
  significantBefore,
  steppedNumberText,
} from './number-text';

const MONEY: NumberTextFormat = {
  allowDecimal: true,
  allowNegative: true,
  prefix: '$',
  thousandSeparator: ',',
};
const COUNT: NumberTextFormat = {
  allowDecimal: false,
  allowNegative: true,
  prefix: '',
  thousandSeparator: '',
};
const PERCENT: NumberTextFormat = { ...COUNT, allowDecimal: true, decimalScale: 2 };

describe('cleanNumberText', () => {
  it('keeps one leading minus, the digits and one decimal point; the prefix and separators drop out', () => {
    expect(cleanNumberText('$1,234.50', MONEY)).toBe('1234.50');
    expect(cleanNumberText('-$5', MONEY)).toBe('-5');
    expect(cleanNumberText('5-', MONEY)).toBe('5');
    expect(cleanNumberText('1.2.3', MONEY)).toBe('1.23');
    expect(cleanNumberText('12abc', MONEY)).toBe('12');
    expect(cleanNumberText('', MONEY)).toBe('');
  });

  it('keeps the decimal point of a whole number as typed (rounded when left), and no more decimals than the scale', () => {
    expect(cleanNumberText('3.7', COUNT)).toBe('3.7');
    expect(cleanNumberText('2,6', COUNT)).toBe('2.6');
    expect(cleanNumberText('12.345', PERCENT)).toBe('12.34');
  });

  it('reads a comma as the decimal point when the field does not group thousands', () => {
    expect(cleanNumberText('12,5', PERCENT)).toBe('12.5');
  });

  it('refuses a minus sign where negatives are not allowed', () => {
    expect(cleanNumberText('-3', { ...COUNT, allowNegative: false })).toBe('3');
  });
});

describe('insertedNumberText', () => {
  it('reads a comma the person typed as the decimal comma', () => {
    expect(insertedNumberText(',')).toBe('.');
    expect(insertedNumberText('12,50')).toBe('12.50');
    expect(insertedNumberText('$12,5')).toBe('$12.5');
  });

  it('leaves commas that group thousands as the field writes them, or beside a decimal point', () => {
    expect(insertedNumberText('1,250')).toBe('1,250');
    expect(insertedNumberText('$12,500,000')).toBe('$12,500,000');
    expect(insertedNumberText('1,250.75')).toBe('1,250.75');
    expect(insertedNumberText('250')).toBe('250');
  });
});

describe('displayNumberText', () => {
  it('puts the sign, then the prefix, then the whole part grouped in threes', () => {
    expect(displayNumberText('-1234567.5', MONEY)).toBe('-$1,234,567.5');
    expect(displayNumberText('12.', MONEY)).toBe('$12.');
    expect(displayNumberText('999', MONEY)).toBe('$999');
    expect(displayNumberText('1234', COUNT)).toBe('1234');
  });

  it('shows an empty field or a lone minus as they are', () => {
    expect(displayNumberText('', MONEY)).toBe('');
    expect(displayNumberText('-', MONEY)).toBe('-');
  });
});

describe('numberValue and numberText', () => {
  it('hands over a number only when the text is that number written plainly', () => {
    expect(numberValue('12')).toBe(12);
    expect(numberValue('-0.5')).toBe(-0.5);
    expect(numberValue('12.50')).toBe('12.50');
    expect(numberValue('1.')).toBe('1.');
    expect(numberValue('007')).toBe('007');
    expect(numberValue('-')).toBe('-');
    expect(numberValue('')).toBe('');
  });

  it('reads a form value back as text', () => {
    expect(numberText(12.5)).toBe('12.5');
    expect(numberText('3.00')).toBe('3.00');
    expect(numberText(null)).toBe('');
    expect(numberText(Number.NaN)).toBe('');
  });
});

describe('the caret', () => {
  it('stays after the same digits when separators appear or go', () => {
    // "$123" with "4" typed right after the "$": shown "$4,123", the caret after the 4.
    const typed = '$4123';
    const shown = displayNumberText(cleanNumberText(typed, MONEY), MONEY);
    expect(shown).toBe('$4,123');
    expect(caretAfter(shown, significantBefore(typed, 2, MONEY), '$')).toBe(2);
    // "$1,234" with the 1 deleted: "$,234" → "$234", the caret after the "$".
    expect(caretAfter('$234', significantBefore('$,234', 1, MONEY), '$')).toBe(1);
    // Typing at the end keeps the caret at the end.
    expect(caretAfter('$12,345', significantBefore('$1,2345', 7, MONEY), '$')).toBe(7);
  });
});

describe('steppedNumberText', () => {
  it('steps in the finer of the text’s and the step’s decimals', () => {
    expect(steppedNumberText('12.99', 1, { step: 0.01 })).toBe('13.00');
    expect(steppedNumberText('0.1', 1, { step: 0.2 })).toBe('0.3');
    expect(steppedNumberText('3', -1, { step: 1 })).toBe('2');
  });

  it('stays within the bounds and starts an empty field from 0 or the nearest bound', () => {
    expect(steppedNumberText('1', -1, { step: 1, min: 1 })).toBe('1');
    expect(steppedNumberText('99.5', 1, { step: 1, max: 100 })).toBe('100.0');
    expect(steppedNumberText('', 1, { step: 1, min: 1 })).toBe('1');
    expect(steppedNumberText('-', 1, { step: 1 })).toBe('0');
  });
});

describe('settledNumberText', () => {
  it('moves a number outside the bounds to the nearest bound', () => {
    expect(settledNumberText('-3', { min: 0 })).toBe('0');
    expect(settledNumberText('150', { max: 100 })).toBe('100');
  });

  it('drops leading zeros and otherwise leaves the text alone', () => {
    expect(settledNumberText('007', {})).toBe('7');
    expect(settledNumberText('-0012.50', {})).toBe('-12.50');
    expect(settledNumberText('12.50', { min: 0 })).toBeNull();
    expect(settledNumberText('', { min: 1 })).toBeNull();
    expect(settledNumberText('-', { min: 0 })).toBeNull();
  });

  it('rounds a whole-number field half up, then bounds it', () => {
    expect(settledNumberText('2.6', { wholeNumber: true, min: 1 })).toBe('3');
    expect(settledNumberText('1.5', { wholeNumber: true, min: 0 })).toBe('2');
    expect(settledNumberText('0.4', { wholeNumber: true, min: 1 })).toBe('1');
    expect(settledNumberText('2', { wholeNumber: true })).toBeNull();
  });

  it('gives an empty or unfinished field its empty value', () => {
    expect(settledNumberText('', { emptyValue: 0, min: 0 })).toBe('0');
    expect(settledNumberText('-', { emptyValue: 0 })).toBe('0');
    expect(settledNumberText('', { emptyValue: 0, min: 1 })).toBe('1');
  });
});
