import { describe, expect, it } from 'vitest';
import { readSubscriptionEditor, subscriptionEditorSchema } from './subscription-editor-form';

const controls = {
  description: 'Ours',
  pricingPlanId: 1,
  maxAdditionalMonthlyCharge: '302.999',
  xtraAutoTags: 0,
  numberMachines: 1,
};
const schema = (minimumMaxOverageCents = 0) =>
  subscriptionEditorSchema({ minimumMaxOverageCents, pro: true });
const messages = (value: unknown, minimum = 0) => {
  const result = schema(minimum).safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('subscription editor form', () => {
  it('rounds Max Overages to cents, as the purchase form does', () => {
    expect(readSubscriptionEditor(controls).maxAdditionalMonthlyCharge).toBe(303);
    expect(
      readSubscriptionEditor({ ...controls, maxAdditionalMonthlyCharge: '312.345' })
        .maxAdditionalMonthlyCharge,
    ).toBe(312.35);
    expect(schema().parse(controls).maxAdditionalMonthlyCharge).toBe(303);
  });

  it('a minus sign is below the minimum, never the opposite sign', () => {
    expect(messages({ ...controls, maxAdditionalMonthlyCharge: '-5', xtraAutoTags: '-3' })).toEqual({
      maxAdditionalMonthlyCharge: 'Max overages must be at least 0',
      xtraAutoTags: 'Additional designers must be at least 0',
    });
  });

  it('asks for Max Overages, the accrued minimum and an engine on a pro plan', () => {
    expect(
      messages({ ...controls, maxAdditionalMonthlyCharge: '', numberMachines: 0, description: ' ' }),
    ).toEqual({
      description: 'Subscription Name is required',
      maxAdditionalMonthlyCharge: 'Max Overages is required',
      numberMachines: 'Number Of Engines must be at least 1',
    });
    expect(messages({ ...controls, maxAdditionalMonthlyCharge: 10 }, 1250)).toEqual({
      maxAdditionalMonthlyCharge:
        'Max overages cannot be lower than the overage already accrued this month ($12.50).',
    });
  });
});
