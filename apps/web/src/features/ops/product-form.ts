import { ProductFlag } from '@store/core';
import { z } from 'zod';

// A product as the operator edits it: the name in its address (Products/{productName}), the title
// and description customers read, and the product's bit flags (SPEC.md §3).

/** The single bits; the combined flags of SPEC.md §3 (Java Engine = ATE + JAVA, …) are sums of these. */
export const FLAG_BITS = [
  { bit: ProductFlag.ATE, label: 'ATE (pro)' },
  { bit: ProductFlag.SCOUT, label: 'Scout (flex)' },
  { bit: ProductFlag.ARTIST, label: 'Artist' },
  { bit: ProductFlag.JAVA, label: 'Java' },
  { bit: ProductFlag.DOT_NET, label: '.NET' },
  { bit: ProductFlag.RESTFUL, label: 'RESTful' },
  { bit: ProductFlag.SERVER, label: 'Server' },
] as const;

export const flagsToBits = (flags: number): string[] =>
  FLAG_BITS.filter((f) => (flags & f.bit) === f.bit).map((f) => String(f.bit));

export const bitsToFlags = (bits: string[]): number => bits.reduce((sum, b) => sum | Number(b), 0);

export const ProductFormSchema = z.object({
  productName: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name must be at most 60 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Name may hold letters, digits, - and _ only (it is part of an address)'),
  title: z.string().trim().min(1, 'Title is required').max(100, 'Title must be at most 100 characters'),
  description: z.string().max(2000, 'Description must be at most 2000 characters'),
  flags: z.array(z.string()).min(1, 'Choose at least one flag'),
});
export type ProductFormValues = z.input<typeof ProductFormSchema>;
