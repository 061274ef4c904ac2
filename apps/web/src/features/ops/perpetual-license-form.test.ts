import { describe, expect, it } from 'vitest';
import { PerpetualLicenseFormSchema, perpetualLicenseFromForm } from './perpetual-license-form';

describe('the perpetual license form', () => {
  it('needs a plan, and names the license after it when no name is given', () => {
    expect(PerpetualLicenseFormSchema.safeParse({ planId: null, name: '' }).success).toBe(false);
    expect(perpetualLicenseFromForm(PerpetualLicenseFormSchema.parse({ planId: '12', name: '  ' }))).toEqual({
      planId: 12,
      name: undefined,
    });
    expect(
      perpetualLicenseFromForm(PerpetualLicenseFormSchema.parse({ planId: '12', name: ' Lab ' })),
    ).toEqual({
      planId: 12,
      name: 'Lab',
    });
  });
});
