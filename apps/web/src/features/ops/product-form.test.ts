import { ProductFlag } from '@store/core';
import { describe, expect, it } from 'vitest';
import { bitsToFlags, flagsToBits, ProductFormSchema } from './product-form';

describe('product flags on the product form', () => {
  it('splits a combined flag into its bits and joins them back', () => {
    expect(flagsToBits(ProductFlag.JAVA_ENGINE)).toEqual(['1', '16']);
    expect(bitsToFlags(flagsToBits(ProductFlag.JAVELIN))).toBe(ProductFlag.JAVELIN);
    expect(bitsToFlags([])).toBe(0);
  });

  it('keeps the name fit for an address and asks for a flag', () => {
    const result = ProductFormSchema.safeParse({
      productName: 'my product',
      title: 'T',
      description: '',
      flags: [],
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Name may hold letters, digits, - and _ only (it is part of an address)',
      'Choose at least one flag',
    ]);
  });
});
