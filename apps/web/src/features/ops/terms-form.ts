import {
  bpToFraction,
  fractionToBp,
  isPaymentTermsDays,
  type OpsTermsBody,
  PAYMENT_TERMS_DAYS,
  PAYMENT_TERMS_MESSAGE,
  paymentTermsText,
  roundHalfUp,
  taxIdField,
} from '@store/core';
import { z } from 'zod/mini';

// The terms form shows the discount as a percentage (what an operator agrees with a customer); the
// wire carries a fraction (docs/spec.md §3). Both go through basis points so 12.5 % stays 0.125 exactly.
// Payment terms are a choice of three (docs/decisions/030), held as the select's text.

/** The payment terms the select offers, as it shows them ("Net 30"). */
export const PAYMENT_TERMS_CHOICES = PAYMENT_TERMS_DAYS.map((days) => ({
  value: String(days),
  label: paymentTermsText(days).replace(/^n/, 'N'),
}));

export const TermsFormSchema = z.object({
  discountPercent: z.number({ error: 'Discount must be a number' }).check(
    z.gte(0, 'Discount must be at least 0 %'),
    z.lte(100, 'Discount must be at most 100 %'),
    z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Discount must have at most 2 decimals'),
  ),
  allowMonthly: z.boolean(),
  perpetualAccount: z.boolean(),
  invoiceTerms: z.boolean(),
  paymentTermsDays: z.string().check(z.refine((v) => isPaymentTermsDays(Number(v)), PAYMENT_TERMS_MESSAGE)),
  parentOrganizationId: z.nullable(z.string()),
  taxId: taxIdField(),
});
export type TermsFormValues = z.input<typeof TermsFormSchema>;

/** The terms as the organization answers them (its tax id null when it has none). */
type CurrentTerms = Omit<OpsTermsBody, 'taxId' | 'paymentTermsDays'> & {
  taxId?: string | null;
  paymentTermsDays: number;
};

export function termsFormValues(terms: CurrentTerms): TermsFormValues {
  return {
    discountPercent: fractionToBp(terms.discount) / 100,
    allowMonthly: terms.allowMonthly,
    perpetualAccount: terms.perpetualAccount,
    invoiceTerms: terms.invoiceTerms,
    paymentTermsDays: String(terms.paymentTermsDays),
    parentOrganizationId: terms.parentOrganizationId === null ? null : String(terms.parentOrganizationId),
    taxId: terms.taxId ?? '',
  };
}

export function termsFromForm(values: z.output<typeof TermsFormSchema>): OpsTermsBody {
  return {
    discount: bpToFraction(roundHalfUp(values.discountPercent * 100)),
    allowMonthly: values.allowMonthly,
    perpetualAccount: values.perpetualAccount,
    invoiceTerms: values.invoiceTerms,
    paymentTermsDays: Number(values.paymentTermsDays),
    parentOrganizationId: values.parentOrganizationId ? Number(values.parentOrganizationId) : null,
    taxId: values.taxId ?? '',
  };
}
