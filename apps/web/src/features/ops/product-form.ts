import { type OpsProduct, type OpsProductBody, OpsProductBodySchema, ProductFlag } from '@store/core';
import { z } from 'zod/mini';

// A product as the operator edits it: core's product body, with the flag value (docs/spec.md §3) ticked
// bit by bit rather than typed as a number.

/** The single bits; the combined flags of docs/spec.md §3 (Java Engine = ATE + JAVA, …) are sums of these. */
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

export const ProductFormSchema = z.extend(z.omit(OpsProductBodySchema, { product: true }), {
  flags: z.array(z.string()).check(z.minLength(1, 'Choose at least one flag')),
});
export type ProductFormValues = z.input<typeof ProductFormSchema>;

export function productFormValues(product: OpsProduct | null): ProductFormValues {
  return {
    name: product?.productName ?? '',
    title: product?.title ?? '',
    description: product?.description ?? '',
    isAvailable: product?.isAvailable ?? true,
    sortOrder: product?.sortOrder ?? 0,
    flags: flagsToBits(product?.product ?? 0),
  };
}

export const productBody = ({ flags, ...fields }: z.output<typeof ProductFormSchema>): OpsProductBody => ({
  ...fields,
  product: bitsToFlags(flags),
});
