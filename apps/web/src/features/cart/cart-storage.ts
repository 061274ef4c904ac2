import { type Cart, type CartItem, CartSchema, MAX_PURCHASE_ITEMS } from '@store/core';
import { useSyncExternalStore } from 'react';

// Spec §3: the cart lives in local storage under `cart` as {items: [...], total}. This module owns that
// key; it survives reloads and signing in, and is repriced when the organization or catalogue changes.
export const CART_STORAGE_KEY = 'cart';
const CHANGE_EVENT = 'store:cart-changed';
const EMPTY: Cart = { items: [], total: 0 };

let cachedRaw: string | null | undefined;
let cachedCart: Cart = EMPTY;

/** The stored cart; an unreadable or tampered entry counts as empty. Stable between changes (useSyncExternalStore). */
export function readCart(): Cart {
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
      const parsed = CartSchema.safeParse(JSON.parse(raw));
      if (parsed.success) cachedCart = parsed.data;
    } catch {
      // Corrupt JSON: start again with an empty cart.
    }
  }
  return cachedCart;
}

export function readCartItemCount(): number {
  return readCart().items.length;
}

/** Call after writing the cart so every view of it (the nav badge) updates in this tab. */
export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function write(items: CartItem[]): void {
  const total = Math.round(items.reduce((sum, i) => sum + i.total * 100, 0)) / 100;
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items, total } satisfies Cart));
  notifyCartChanged();
}

export function addToCart(item: CartItem): void {
  const items = readCart().items;
  if (items.length >= MAX_PURCHASE_ITEMS)
    throw new Error(`The cart holds at most ${MAX_PURCHASE_ITEMS} items.`);
  write([...items, item]);
}

/** Stores the items as priced again (SPEC.md §6), in the same order. */
export function replaceCartItems(items: CartItem[]): void {
  write(items);
}

export function removeFromCart(id: string): void {
  write(readCart().items.filter((i) => i.id !== id));
}

export function emptyCart(): void {
  write([]);
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

export function useCart(): Cart {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

export function useCartItemCount(): number {
  return useCart().items.length;
}

export function newCartItemId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
