import { describe, expect, it } from 'vitest';
import { errorsOf } from '../../test/support/schema-errors';
import { BillingInfoSchema } from './billing-info';

const info = {
  nameOnCard: 'Ann Lee',
  company: 'Acme',
  addr1: '1 Main St',
  addr2: '',
  city: 'Boulder',
  state: 'CO',
  country: 'US',
  postalCode: '80301',
  sourceId: 'pm_123',
  expireMonth: 12,
  expireYear: 2030,
  lastFour: '4242',
};

describe('BillingInfoSchema', () => {
  it.each([
    ['valid', info, {}],
    ['without optional fields', { ...info, company: undefined, addr2: undefined }, {}],
    ['no name', { ...info, nameOnCard: '' }, { nameOnCard: 'Name is required' }],
    ['no address', { ...info, addr1: ' ' }, { addr1: 'Address 1 is required' }],
    ['no city', { ...info, city: '' }, { city: 'City is required' }],
    ['no state', { ...info, state: '' }, { state: 'State is required' }],
    ['no country', { ...info, country: '' }, { country: 'Country is required' }],
    ['no postal code', { ...info, postalCode: '' }, { postalCode: 'Postal Code is required' }],
    ['month 0', { ...info, expireMonth: 0 }, { expireMonth: 'Expiration month must be at least 1' }],
    ['month 13', { ...info, expireMonth: 13 }, { expireMonth: 'Expiration month must be at most 12' }],
    [
      'fractional year',
      { ...info, expireYear: 2030.5 },
      { expireYear: 'Expiration year must be a whole number' },
    ],
    ['last four letters', { ...info, lastFour: '42a2' }, { lastFour: 'Last four must be 4 digits' }],
    ['last five', { ...info, lastFour: '42424' }, { lastFour: 'Last four must be 4 digits' }],
    ['no source', { ...info, sourceId: '' }, { sourceId: 'Card Number is required' }],
    ['extra key', { ...info, cardNumber: '4242424242424242' }, { '': 'Unrecognized key: "cardNumber"' }],
  ])('%s', (_name, value, errors) => {
    expect(errorsOf(BillingInfoSchema, value)).toEqual(errors);
  });
});
