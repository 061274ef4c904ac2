import { describe, expect, it } from 'vitest';
import { cardBrandName, cardBrandOf, toCardBrand } from './card-brand';

describe('cardBrandOf', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2721000000000000', 'unknown'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['3056930009020004', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrandOf(number)).toBe(brand);
  });
});

describe('card brand names', () => {
  it('maps a provider brand to ours and names it', () => {
    expect(toCardBrand('Visa')).toBe('visa');
    expect(toCardBrand('diners')).toBe('unknown');
    expect(toCardBrand(undefined)).toBe('unknown');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('mastercard')).toBe('Mastercard');
    expect(cardBrandName(null)).toBe('Card');
  });
});
