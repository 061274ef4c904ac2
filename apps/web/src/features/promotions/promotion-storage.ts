import { type Promotion, PromotionSchema } from '@store/core';
import { useSyncExternalStore } from 'react';

// The promotion code applied to the cart (docs/decisions/041), kept beside the cart in local storage
// under its own key so the cart's own shape (spec §3, key `cart`) stays as the spec gives it.
export const PROMOTION_STORAGE_KEY = 'promotionCode';
const CHANGE_EVENT = 'store:promotion-changed';

let cachedRaw: string | null | undefined;
let cached: Promotion | null = null;

/** The applied code as its check answered it, or null (none, or an entry that cannot be read). */
export function readAppliedPromotion(): Promotion | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(PROMOTION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  cached = null;
  if (raw) {
    try {
      const parsed = PromotionSchema.safeParse(JSON.parse(raw));
      cached = parsed.success ? parsed.data : null;
    } catch {
      // Corrupt JSON: no code applied.
    }
  }
  return cached;
}

export function applyPromotion(promotion: Promotion): void {
  window.localStorage.setItem(PROMOTION_STORAGE_KEY, JSON.stringify(promotion));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function removePromotion(): void {
  window.localStorage.removeItem(PROMOTION_STORAGE_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === PROMOTION_STORAGE_KEY || e.key === null) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAppliedPromotion(): Promotion | null {
  return useSyncExternalStore(subscribe, readAppliedPromotion, () => null);
}
