import { describe, expect, it } from 'vitest';
import { sampleCartItem, samplePlan } from '../../test/support/samples';
import { errorsOf } from '../../test/support/schema-errors';
import { billingCycle } from '../billing-cycle';
import { CartItemSchema, CartSchema, ProductFormSchema } from './product-form';

const form = {
  subname: 'Prod',
  selectedPricingPlan: samplePlan,
  billingCycle: billingCycle(3),
  maxOverages: 0,
  extraDesigners: 0,
  numberOfMachines: 1,
  eulaAgreed: true,
};
const flexPlan = { ...samplePlan, product: 2 };

describe('ProductFormSchema', () => {
  it.each([
    ['valid', form, {}],
    ['flex with 0 machines', { ...form, selectedPricingPlan: flexPlan, numberOfMachines: 0 }, {}],
    ['no name', { ...form, subname: '' }, { subname: 'Subscription Name is required' }],
    ['no plan', { ...form, selectedPricingPlan: null }, { selectedPricingPlan: 'Pricing Plan is required' }],
    ['no cycle', { ...form, billingCycle: null }, { billingCycle: 'Billing Cycle is required' }],
    [
      'eula not agreed',
      { ...form, eulaAgreed: false },
      {
        eulaAgreed: 'You must agree to the terms of service before purchasing this subscription.',
      },
    ],
    [
      'eula missing',
      { ...form, eulaAgreed: undefined },
      {
        eulaAgreed: 'You must agree to the terms of service before purchasing this subscription.',
      },
    ],
    ['negative overages', { ...form, maxOverages: -1 }, { maxOverages: 'Max overages must be at least 0' }],
    [
      'fractional designers',
      { ...form, extraDesigners: 1.5 },
      { extraDesigners: 'Additional designers must be a whole number' },
    ],
    [
      'pro with 0 engines',
      { ...form, numberOfMachines: 0 },
      { numberOfMachines: 'Number Of Engines must be at least 1' },
    ],
  ])('%s', (_name, value, errors) => {
    expect(errorsOf(ProductFormSchema, value)).toEqual(errors);
  });

  it('the untouched default form shows every required message', () => {
    const defaults = {
      subname: '',
      maxOverages: 0,
      selectedPricingPlan: null,
      eulaAgreed: false,
      extraDesigners: 0,
      numberOfMachines: 0,
      billingCycle: null,
    };
    expect(errorsOf(ProductFormSchema, defaults)).toEqual({
      subname: 'Subscription Name is required',
      selectedPricingPlan: 'Pricing Plan is required',
      billingCycle: 'Billing Cycle is required',
      eulaAgreed: 'You must agree to the terms of service before purchasing this subscription.',
    });
  });
});

describe('CartItemSchema / CartSchema', () => {
  const cartItem = sampleCartItem;
  it.each([
    [CartItemSchema, cartItem, true],
    [CartItemSchema, { ...cartItem, orgDiscount: 10 }, false],
    [CartItemSchema, { ...cartItem, id: '' }, false],
    [CartSchema, { items: [cartItem], total: 1080 }, true],
    [CartSchema, { items: [], total: 0 }, true],
    [CartSchema, { items: Array(51).fill(cartItem), total: 0 }, false],
    [CartSchema, { items: [{ ...cartItem, pricingPlan: null }], total: 0 }, false],
  ])('%#', (schema, value, ok) => {
    expect(schema.safeParse(value).success).toBe(ok);
  });
});
