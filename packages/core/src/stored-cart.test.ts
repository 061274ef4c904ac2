import { describe, expect, it } from 'vitest';
import { sampleCartItem } from '../test/support/samples';
import { readStoredCart, UNREADABLE_CART_ITEM } from './stored-cart';

const item = sampleCartItem;
const withMode = (mode: unknown, id = `m${String(mode)}`) => ({
  ...item,
  id,
  name: `Mode ${String(mode)}`,
  billingCycle: { ...item.billingCycle, mode },
});

describe('readStoredCart', () => {
  it('reads a stored cart as it was written', () => {
    expect(readStoredCart({ items: [item], total: 1080 })).toEqual({ items: [item], refused: [] });
  });

  it.each([
    [7, 'Invalid Argument: 7 is not a valid billing period.'],
    [0, 'Invalid Argument: 0 is not a valid billing period.'],
    ['3', 'Invalid Argument: 3 is not a valid billing period.'],
  ])('keeps the other items and refuses billing mode %j with the purchase’s message', (mode, message) => {
    const stored = withMode(mode);
    const cart = readStoredCart({ items: [item, stored], total: 2160 });
    expect(cart.items).toEqual([item]);
    expect(cart.refused).toEqual([{ id: stored.id, name: stored.name, message, stored }]);
  });

  it('refuses an item it cannot read, naming it when it can', () => {
    const broken = { ...item, id: 'b1', pricingPlan: null };
    expect(readStoredCart({ items: [broken, 'junk'], total: 0 }).refused).toEqual([
      { id: 'b1', name: 'Prod', message: UNREADABLE_CART_ITEM, stored: broken },
      { id: 'refused-1', name: '', message: UNREADABLE_CART_ITEM, stored: 'junk' },
    ]);
  });

  it.each([null, 'text', { items: 'x' }, { items: Array(51).fill(item) }])(
    'counts an unreadable whole (%j) as an empty cart',
    (raw) => {
      expect(readStoredCart(raw)).toEqual({ items: [], refused: [] });
    },
  );
});
