import { describe, expect, it } from 'vitest';
import { errorsOf } from '../../test/support/schema-errors';
import {
  emailField,
  fractionField,
  idParams,
  intField,
  moneyField,
  optionalText,
  passwordField,
  requiredText,
} from './common';

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

describe('idParams', () => {
  const schema = idParams('id', 'Subscription id');
  const message = 'Subscription id must be a whole number from 1 to 2147483647, written in digits';

  it.each(['1', '42', '2147483647'])('reads %s', (raw) => {
    expect(schema.parse({ id: raw })).toEqual({ id: Number(raw) });
  });

  it.each([
    '01',
    '+1',
    ' 1',
    '1 ',
    '1.0',
    '0x1',
    '1e0',
    '0',
    '-1',
    '',
    'abc',
    '2147483648',
    '99999999999',
    '１',
  ])('refuses %j with a readable message', (raw) => {
    const result = schema.safeParse({ id: raw });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
