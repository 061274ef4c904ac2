import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnUrl } from './navigation';

describe('safeReturnUrl', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/Subscriptions/4?x=1', '/Subscriptions/4?x=1'],
    [null, '/Subscriptions'],
    ['', '/Subscriptions'],
    ['https://evil.example/', '/Subscriptions'],
    ['//evil.example/', '/Subscriptions'],
    ['/\\evil.example', '/Subscriptions'],
    ['javascript:alert(1)', '/Subscriptions'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });
});

it('encodes the return path', () => {
  expect(loginPathFor('/Subscriptions')).toBe('/login?returnUrl=%2FSubscriptions');
});
