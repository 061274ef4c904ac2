import { z } from 'zod/mini';
import { type CartItem, CartItemSchema, MAX_PURCHASE_ITEMS, PurchaseItemSchema } from './schemas';

/** An item of the stored cart that cannot be bought as it stands, with the reason the cart shows. */
export interface RefusedCartItem {
  id: string;
  name: string;
  message: string;
  /** The item as stored, kept until the person removes it. */
  stored: unknown;
}

export const UNREADABLE_CART_ITEM = 'This item could not be read. Please remove it and add the plan again.';

const StoredCartSchema = z.object({ items: z.array(z.unknown()).check(z.maxLength(MAX_PURCHASE_ITEMS)) });
const StoredItemSchema = z.object({
  id: z.optional(z.string().check(z.minLength(1))),
  name: z.optional(z.string()),
  billingCycle: z.optional(z.object({ mode: z.unknown() })),
});

/** The reason an item cannot be bought: its billing mode first, in the purchase's own words (docs/spec.md §3, §8). */
function refusal(stored: unknown, index: number): RefusedCartItem {
  const item = StoredItemSchema.safeParse(stored);
  const fields = item.success ? item.data : {};
  const stated = fields.billingCycle?.mode;
  const mode = stated === undefined ? null : PurchaseItemSchema.shape.billingMode.safeParse(stated);
  return {
    id: fields.id ?? `refused-${index}`,
    name: fields.name ?? '',
    message: mode?.error?.issues[0]?.message ?? UNREADABLE_CART_ITEM,
    stored,
  };
}

/**
 * The cart as local storage holds it (docs/spec.md §3 "Cart"), read item by item: one item that cannot be
 * bought (a billing mode that is not sold, a tampered entry) is shown with its reason, never dropped
 * silently with the rest of the cart. An unreadable whole counts as an empty cart.
 */
export function readStoredCart(raw: unknown): { items: CartItem[]; refused: RefusedCartItem[] } {
  const cart = StoredCartSchema.safeParse(raw);
  if (!cart.success) return { items: [], refused: [] };
  const items: CartItem[] = [];
  const refused: RefusedCartItem[] = [];
  cart.data.items.forEach((stored, index) => {
    const item = CartItemSchema.safeParse(stored);
    const mode = item.success
      ? PurchaseItemSchema.shape.billingMode.safeParse(item.data.billingCycle.mode)
      : null;
    if (item.success && mode?.success) items.push(item.data);
    else refused.push(refusal(stored, index));
  });
  return { items, refused };
}
