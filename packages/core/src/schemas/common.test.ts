import { describe, expect, it } from 'vitest';
import {
  emailField,
  fractionField,
  intField,
  moneyField,
  optionalText,
  passwordField,
  requiredText,
} from './common';
import { errorsOf } from './test-helpers';

describe('field builders', () => {
  it.each([
    ['required text ok', requiredText('Req', 'Name'), ' a ', {}],
    ['required text blank', requiredText('Req', 'Name'), '   ', { '': 'Req' }],
    ['required text null', requiredText('Req', 'Name'), null, { '': 'Req' }],
    [
      'required text too long',
      requiredText('Req', 'Name', 3),
      'abcd',
      { '': 'Name must be at most 3 characters' },
    ],
    ['optional text absent', optionalText('Addr'), undefined, {}],
    ['optional text too long', optionalText('Addr', 2), 'abc', { '': 'Addr must be at most 2 characters' }],
    ['email ok', emailField('Req', 'Bad'), 'a@b.co', {}],
    ['email blank shows only required', emailField('Req', 'Bad'), '', { '': 'Req' }],
    ['email invalid', emailField('Req', 'Bad'), 'a@b', { '': 'Bad' }],
    ['password blank shows only required', passwordField('Req'), '', { '': 'Req' }],
    ['password short', passwordField('Req'), 'abc', { '': 'Password must be at least 8 characters' }],
    [
      'password long',
      passwordField('Req'),
      'x'.repeat(129),
      { '': 'Password must be at most 128 characters' },
    ],
    ['password max ok', passwordField('Req'), 'x'.repeat(128), {}],
    ['int ok', intField('N', 0, 5), 5, {}],
    ['int string', intField('N', 0, 5), '5', { '': 'N must be a number' }],
    ['int NaN', intField('N', 0, 5), Number.NaN, { '': 'N must be a number' }],
    ['money two decimals', moneyField('M'), 19.99, {}],
    ['money 0.1 + 0.2', moneyField('M'), 0.1 + 0.2, {}],
    ['money three decimals', moneyField('M'), 0.001, { '': 'M must have at most 2 decimals' }],
    ['fraction ok', fractionField('D'), 0.25, {}],
    ['fraction negative', fractionField('D'), -0.1, { '': 'D must be at least 0' }],
  ])('%s', (_name, schema, value, errors) => {
    expect(errorsOf(schema, value)).toEqual(errors);
  });
});
