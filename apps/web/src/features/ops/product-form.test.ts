import { ProductFlag } from '@store/core';
import { describe, expect, it } from 'vitest';
import { bitsToFlags, flagsToBits, ProductFormSchema, productBody, productFormValues } from './product-form';

describe('the product form', () => {
  it('splits a combined flag into its bits and joins them back', () => {
    expect(flagsToBits(ProductFlag.JAVA_ENGINE)).toEqual(['1', '16']);
    expect(bitsToFlags(flagsToBits(ProductFlag.JAVELIN))).toBe(ProductFlag.JAVELIN);
    expect(bitsToFlags([])).toBe(0);
  });

  it('sends the product body with the ticked bits as its flag value', () => {
    const values = {
      ...productFormValues(null),
      name: 'Scanner',
      title: 'Scanner',
      description: 'Scans',
      flags: ['1', '64'],
    };
    expect(productBody(ProductFormSchema.parse(values))).toEqual({
      name: 'Scanner',
      title: 'Scanner',
      description: 'Scans',
      isAvailable: true,
      sortOrder: 0,
      product: ProductFlag.RESTFUL_ENGINE,
    });
  });

  it('keeps the name fit for an address and asks for a flag', () => {
    const result = ProductFormSchema.safeParse({
      ...productFormValues(null),
      name: 'my product',
      title: 'T',
      description: 'D',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Name may hold only letters and digits (it is a URL part)',
      'Choose at least one flag',
    ]);
  });
});
