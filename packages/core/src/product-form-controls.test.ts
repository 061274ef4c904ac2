import { describe, expect, it } from 'vitest';
import { samplePlan } from '../test/support/samples';
import { Messages } from './messages';
import { productFormFromControls } from './product-form-controls';

const discounts = { yearlyDiscount: 0.1, quarterlyDiscount: 0.05, monthlyDiscount: 0 };
const controls = {
  subname: 'Ours',
  selectedPricingPlan: samplePlan,
  billingCycle: 3,
  maxOverages: '302.999',
  extraDesigners: '0',
  numberOfMachines: 1,
  eulaAgreed: true,
};

describe('productFormFromControls', () => {
  it('rounds max overages to cents and reads the billing mode', () => {
    const parsed = productFormFromControls(discounts).parse(controls);
    expect(parsed.maxOverages).toBe(303);
    expect(parsed.billingCycle?.mode).toBe(3);
  });

  it('keeps a minus sign: below the minimum is a message, never the opposite sign', () => {
    const result = productFormFromControls(discounts).safeParse({
      ...controls,
      maxOverages: '-5',
      extraDesigners: -3,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      maxOverages: 'Max overages must be at least 0',
      extraDesigners: 'Additional designers must be at least 0',
    });
  });

  it('still asks for the agreement', () => {
    const result = productFormFromControls(discounts).safeParse({ ...controls, eulaAgreed: false });
    expect(result.error?.issues.map((i) => i.message)).toEqual([Messages.eulaRequired]);
  });
});
