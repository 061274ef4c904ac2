import {
  type Cart,
  type CartItem,
  cartTotalCents,
  fromCents,
  MAX_PURCHASE_ITEMS,
  type RefusedCartItem,
  readStoredCart,
  toCents,
} from '@store/core';
import { useSyncExternalStore } from 'react';

// Spec §3: the cart lives in local storage under `cart` as {items: [...], total}. This module owns that
// key; it survives reloads and signing in, and is repriced when the organization or catalogue changes.
export const CART_STORAGE_KEY = 'cart';
const CHANGE_EVENT = 'store:cart-changed';

/** The cart as stored: the items that can be bought, and those that cannot with their reason. */
export interface StoredCart extends Cart {
  refused: RefusedCartItem[];
}
const EMPTY: StoredCart = { items: [], total: 0, refused: [] };

let cachedRaw: string | null | undefined;
let cachedCart: StoredCart = EMPTY;

/**
 * The stored cart, read item by item (an item that cannot be bought is kept with its reason); an
 * unreadable entry counts as empty. Stable between changes (useSyncExternalStore).
 */
export function readCart(): StoredCart {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cachedRaw) return cachedCart;
  cachedRaw = raw;
  cachedCart = EMPTY;
  if (raw) {
    try {
      const { items, refused } = readStoredCart(JSON.parse(raw));
      cachedCart = { items, total: totalOf(items), refused };
    } catch {
      // Corrupt JSON: start again with an empty cart.
    }
  }
  return cachedCart;
}

/** Call after writing the cart so every view of it (the nav badge) updates in this tab. */
export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const totalOf = (items: CartItem[]) => fromCents(cartTotalCents(items.map((i) => toCents(i.total))));

/** Refused items stay stored, as they were, until the person removes them. */
function write(items: CartItem[], refused: RefusedCartItem[] = readCart().refused): void {
  const stored = [...items, ...refused.map((r) => r.stored)];
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: stored, total: totalOf(items) }));
  notifyCartChanged();
}

export function addToCart(item: CartItem): void {
  const { items, refused } = readCart();
  if (items.length + refused.length >= MAX_PURCHASE_ITEMS)
    throw new Error(`The cart holds at most ${MAX_PURCHASE_ITEMS} items.`);
  write([...items, item]);
}

/** Stores the items as priced again (docs/spec.md §6), in the same order. */
export function replaceCartItems(items: CartItem[]): void {
  write(items);
}

export function removeFromCart(id: string): void {
  const { items, refused } = readCart();
  write(
    items.filter((i) => i.id !== id),
    refused.filter((r) => r.id !== id),
  );
}

export function emptyCart(): void {
  write([], []);
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCart(): StoredCart {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

/** What the nav badge counts: every stored item, also one that cannot be bought as it stands. */
export function useCartItemCount(): number {
  const cart = useCart();
  return cart.items.length + cart.refused.length;
}

export function newCartItemId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
