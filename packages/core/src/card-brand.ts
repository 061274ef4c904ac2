import { z } from 'zod/mini';

// The card's brand is kept with its last four digits so Modify Billing Info can say which card will be
// charged ("Visa ending in 4242"). Brands outside this list are kept as 'unknown'.

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export const CardBrandSchema = z.enum(CARD_BRANDS);
export type CardBrand = z.infer<typeof CardBrandSchema>;

const inRange = (digits: string, length: number, low: number, high: number) => {
  const prefix = Number(digits.slice(0, length));
  return digits.length >= length && prefix >= low && prefix <= high;
};

/** The brand a card number's leading digits name (the issuer identification ranges). */
export function cardBrandOf(cardNumber: string): CardBrand {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits.startsWith('4')) return 'visa';
  if (inRange(digits, 2, 51, 55) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  return 'unknown';
}

/** A card provider's brand name ('visa', 'amex', 'diners', …) as one of ours. */
export const toCardBrand = (brand: string | null | undefined): CardBrand => {
  const parsed = CardBrandSchema.safeParse(brand?.toLowerCase());
  return parsed.success ? parsed.data : 'unknown';
};

const DISPLAY_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

/** 'Visa', 'American Express'; 'Card' when the brand is not known. */
export const cardBrandName = (brand: CardBrand | null | undefined): string =>
  DISPLAY_NAMES[brand ?? 'unknown'];
