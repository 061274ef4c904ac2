import { describe, expect, it } from 'vitest';
import { canFlushKeys, isArtistPlan, isManagerPlan, isProPlan, ProductFlag, productLabel } from './products';

describe('ProductFlag', () => {
  it.each([
    ['ATE', 1],
    ['SCOUT', 2],
    ['ARTIST', 4],
    ['JAVA', 16],
    ['DOT_NET', 32],
    ['RESTFUL', 64],
    ['SERVER', 128],
    ['JAVA_ENGINE', 17],
    ['DOT_NET_ENGINE', 33],
    ['RESTFUL_ENGINE', 65],
    ['JAVELIN', 129],
  ] as const)('%s = %i', (name, value) => {
    expect(ProductFlag[name]).toBe(value);
  });
});

describe('plan kinds', () => {
  it.each([
    // product, artist, pro, manager, flush, label
    [1, false, true, false, true, 'Pro'],
    [2, false, false, false, false, 'Flex'],
    [4, true, false, false, false, 'Artist'],
    [17, false, true, false, true, 'Java Engine'],
    [33, false, true, false, true, '.NET Engine'],
    [65, false, true, false, true, 'RESTful Engine'],
    [129, false, true, true, false, 'Manager'],
  ])('product %i', (product, artist, pro, manager, flush, label) => {
    const plan = { product };
    expect(isArtistPlan(plan)).toBe(artist);
    expect(isProPlan(plan)).toBe(pro);
    expect(isManagerPlan(plan)).toBe(manager);
    expect(canFlushKeys(plan)).toBe(flush);
    expect(productLabel(product)).toBe(label);
  });

  it('labels an unknown product', () => {
    expect(productLabel(999)).toBe('Unknown');
  });
});
