import { describe, expect, it } from 'vitest';
import { PAYMENT_TERMS_CHOICES, TermsFormSchema, termsFormValues, termsFromForm } from './terms-form';

const terms = {
  discount: 0.125,
  allowMonthly: true,
  perpetualAccount: false,
  invoiceTerms: true,
  paymentTermsDays: 30,
  parentOrganizationId: 7,
  taxId: 'DE123456789',
};

describe('the organization terms form', () => {
  it('shows the discount as a percentage and the parent as a choice', () => {
    expect(termsFormValues(terms)).toEqual({
      discountPercent: 12.5,
      allowMonthly: true,
      perpetualAccount: false,
      invoiceTerms: true,
      paymentTermsDays: '30',
      parentOrganizationId: '7',
      taxId: 'DE123456789',
    });
    expect(termsFormValues({ ...terms, taxId: null }).taxId).toBe('');
  });

  it('sends what it showed, a fraction without float noise, and no parent as null', () => {
    expect(
      termsFromForm({ ...termsFormValues(terms), discountPercent: 33.33, parentOrganizationId: null }),
    ).toEqual({
      ...terms,
      discount: 0.3333,
      parentOrganizationId: null,
    });
    expect(termsFromForm(termsFormValues(terms))).toEqual(terms);
  });

  it('refuses a discount outside 0–100 % or finer than a hundredth of a percent', () => {
    const check = (discountPercent: number) =>
      TermsFormSchema.safeParse({ ...termsFormValues(terms), discountPercent }).error?.issues[0]?.message;
    expect(check(-1)).toBe('Discount must be at least 0 %');
    expect(check(101)).toBe('Discount must be at most 100 %');
    expect(check(1.234)).toBe('Discount must have at most 2 decimals');
    expect(check(100)).toBeUndefined();
  });

  it('offers net 14, 30 and 60 and refuses anything else in words', () => {
    expect(PAYMENT_TERMS_CHOICES).toEqual([
      { value: '14', label: 'Net 14' },
      { value: '30', label: 'Net 30' },
      { value: '60', label: 'Net 60' },
    ]);
    const check = (paymentTermsDays: string) =>
      TermsFormSchema.safeParse({ ...termsFormValues(terms), paymentTermsDays }).error?.issues[0]?.message;
    expect(check('60')).toBeUndefined();
    expect(check('45')).toBe('Payment terms must be net 14, net 30 or net 60');
  });
});
