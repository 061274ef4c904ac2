import { z } from 'zod/mini';

// A customer's tax / VAT id (docs/decisions/016): optional, printed on its invoices and credit notes.
// Formats differ by country (DE123456789, GB 123 4567 89, 12-3456789), so only its characters are
// checked, not a country's pattern.

export const TAX_ID_MAX = 40;
export const TaxIdMessages = {
  tooLong: `Tax / VAT ID must be at most ${TAX_ID_MAX} characters`,
  characters: 'Tax / VAT ID may hold letters, digits, spaces, dots, dashes and slashes only',
} as const;

/** Optional; blank means none. */
export const taxIdField = () =>
  z.optional(
    z
      .string({ error: 'Tax / VAT ID must be text' })
      .check(
        z.trim(),
        z.maxLength(TAX_ID_MAX, TaxIdMessages.tooLong),
        z.regex(/^[A-Za-z0-9 ./-]*$/, TaxIdMessages.characters),
      ),
  );

/** What is stored: the id as typed, or null for none. */
export const storedTaxId = (value: string | undefined | null): string | null => value?.trim() || null;
