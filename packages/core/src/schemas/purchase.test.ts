import { describe, expect, it } from 'vitest';
import { sampleSubscription } from '../../test/support/samples';
import { errorsOf } from '../../test/support/schema-errors';
import {
  HostNameSchema,
  joinHosts,
  OfflineRequestSchema,
  PLACEHOLDER_DESCRIPTION,
  PurchaseItemSchema,
  PurchaseRequestSchema,
  SubscriptionUpdateSchema,
  splitHosts,
} from './purchase';

const item = {
  description: 'Prod',
  pricingPlanId: 1,
  maxAdditionalMonthlyCharge: 12.5,
  xtraAutoTags: 0,
  numberMachines: 1,
  billingMode: 3,
};

describe('PurchaseItemSchema', () => {
  it.each([
    ['valid', item, {}],
    ['empty description is allowed', { ...item, description: '' }, {}],
    ['monthly', { ...item, billingMode: 1 }, {}],
    ['cap at the maximum', { ...item, maxAdditionalMonthlyCharge: 1_000_000 }, {}],
    [
      'billing mode 0',
      { ...item, billingMode: 0 },
      { billingMode: 'Invalid Argument: 0 is not a valid billing period.' },
    ],
    [
      'billing mode 7',
      { ...item, billingMode: 7 },
      { billingMode: 'Invalid Argument: 7 is not a valid billing period.' },
    ],
    [
      'billing mode -1',
      { ...item, billingMode: -1 },
      { billingMode: 'Invalid Argument: -1 is not a valid billing period.' },
    ],
    [
      'billing mode x',
      { ...item, billingMode: 'x' },
      { billingMode: 'Invalid Argument: x is not a valid billing period.' },
    ],
    [
      'billing mode 1.5',
      { ...item, billingMode: 1.5 },
      { billingMode: 'Invalid Argument: 1.5 is not a valid billing period.' },
    ],
    ['plan 0', { ...item, pricingPlanId: 0 }, { pricingPlanId: 'Pricing plan must be at least 1' }],
    [
      'negative cap',
      { ...item, maxAdditionalMonthlyCharge: -1 },
      { maxAdditionalMonthlyCharge: 'Max overages must be at least 0' },
    ],
    [
      'huge cap',
      { ...item, maxAdditionalMonthlyCharge: 1_000_000.01 },
      { maxAdditionalMonthlyCharge: 'Max overages must be at most 1000000' },
    ],
    [
      'three decimals',
      { ...item, maxAdditionalMonthlyCharge: 1.005 },
      { maxAdditionalMonthlyCharge: 'Max overages must have at most 2 decimals' },
    ],
    [
      'infinite cap',
      { ...item, maxAdditionalMonthlyCharge: Number.POSITIVE_INFINITY },
      { maxAdditionalMonthlyCharge: 'Max overages must be a number' },
    ],
    [
      'NaN cap',
      { ...item, maxAdditionalMonthlyCharge: Number.NaN },
      { maxAdditionalMonthlyCharge: 'Max overages must be a number' },
    ],
    [
      'designers 1001',
      { ...item, xtraAutoTags: 1001 },
      { xtraAutoTags: 'Extra designers must be at most 1000' },
    ],
    [
      'negative machines',
      { ...item, numberMachines: -1 },
      { numberMachines: 'Number of engines must be at least 0' },
    ],
    [
      'long description',
      { ...item, description: 'x'.repeat(101) },
      { description: 'Description must be at most 100 characters' },
    ],
    ['extra key', { ...item, price: 0 }, { '': 'Unrecognized key: "price"' }],
  ])('%s', (_name, value, errors) => {
    expect(errorsOf(PurchaseItemSchema, value)).toEqual(errors);
  });

  it('the placeholder name', () => {
    expect(PLACEHOLDER_DESCRIPTION).toBe('My Subscription');
  });
});

describe('PurchaseRequestSchema', () => {
  it.each([
    [[item], {}],
    [Array(50).fill(item), {}],
    [[], { '': 'The cart is empty' }],
    [Array(51).fill(item), { '': 'At most 50 items can be bought at once' }],
    [item, { '': 'A purchase is a list of items' }],
  ])('%#', (value, errors) => {
    expect(errorsOf(PurchaseRequestSchema, value)).toEqual(errors);
  });
});

describe('hosts', () => {
  it.each([
    [['a', 'b'], 'a;b'],
    [[' a ', '', 'b '], 'a;b'],
    [[], ''],
  ])('joinHosts(%j) = %s', (hosts, joined) => {
    expect(joinHosts(hosts)).toBe(joined);
  });

  it.each([
    ['a;b', ['a', 'b']],
    [' a ; ;b;', ['a', 'b']],
    ['', []],
    [null, []],
    [undefined, []],
  ])('splitHosts(%j)', (joined, hosts) => {
    expect(splitHosts(joined)).toEqual(hosts);
  });

  it.each([
    [{ subscriptionId: 1, engineHostNames: 'e1;e2', autoTagHostNames: 'd1' }, {}],
    [{ subscriptionId: 1, engineHostNames: 'e1', autoTagHostNames: '' }, {}],
    [
      { subscriptionId: 0, engineHostNames: 'e1', autoTagHostNames: '' },
      { subscriptionId: 'Subscription must be at least 1' },
    ],
    [
      { subscriptionId: 1, engineHostNames: 'x'.repeat(254), autoTagHostNames: '' },
      {
        engineHostNames: 'Each host name must be at most 253 characters',
      },
    ],
    [{ subscriptionId: 1, engineHostNames: 'e1' }, { autoTagHostNames: 'Designer hosts must be text' }],
  ])('OfflineRequestSchema %#', (value, errors) => {
    expect(errorsOf(OfflineRequestSchema, value)).toEqual(errors);
  });

  it.each([
    ['host-1', {}],
    ['', { '': 'Host name is required' }],
    ['a;b', { '': "Host name must not contain ';'" }],
  ])('HostNameSchema %j', (value, errors) => {
    expect(errorsOf(HostNameSchema, value)).toEqual(errors);
  });
});

describe('SubscriptionUpdateSchema', () => {
  const update = {
    description: sampleSubscription.description,
    pricingPlanId: 1,
    maxAdditionalMonthlyCharge: 0,
    xtraAutoTags: 2,
    numberMachines: 1,
    version: 4,
  };
  it.each([
    ['valid', update, {}],
    ['no name', { ...update, description: '  ' }, { description: 'Subscription Name is required' }],
    [
      'null max overages',
      { ...update, maxAdditionalMonthlyCharge: null },
      { maxAdditionalMonthlyCharge: 'Max Overages is required' },
    ],
    [
      'negative max overages',
      { ...update, maxAdditionalMonthlyCharge: -0.01 },
      { maxAdditionalMonthlyCharge: 'Max overages must be at least 0' },
    ],
    ['no version', { ...update, version: undefined }, { version: 'Version must be a number' }],
    [
      'fractional designers',
      { ...update, xtraAutoTags: 0.5 },
      { xtraAutoTags: 'Extra designers must be a whole number' },
    ],
  ])('%s', (_name, value, errors) => {
    expect(errorsOf(SubscriptionUpdateSchema, value)).toEqual(errors);
  });
});
