import { useSyncExternalStore } from 'react';

// Spec §3: the cart lives in local storage under `cart` as {items: [...], total}.
// This module owns that key; the cart screens extend it rather than touching localStorage directly.
export const CART_STORAGE_KEY = 'cart';
const CHANGE_EVENT = 'store:cart-changed';

export function readCartItemCount(): number {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return 0;
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { items?: unknown }).items)) {
      return (parsed as { items: unknown[] }).items.length;
    }
  } catch {
    // An unreadable cart counts as empty.
  }
  return 0;
}

/** Call after writing the cart so every view of it (the nav badge) updates in this tab. */
export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
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

export function useCartItemCount(): number {
  return useSyncExternalStore(subscribe, readCartItemCount, () => 0);
}
