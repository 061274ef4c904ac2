import { z } from 'zod/mini';
import { type BillingCycleDiscounts, billingCycle } from './billing-cycle';
import { toCurrencyOrZero, toIntegerOrZero } from './input-rounding';
import { ProductFormSchema } from './schemas/product-form';

/**
 * The product form as its controls hold it (docs/spec.md §3 "Plan form"): the billing mode as chosen in
 * the select, numbers as typed. A minus sign is kept, so "-5" is below the minimum and says so
 * instead of turning into 5 (docs/spec.md §5).
 */
export const productFormFromControls = (discounts: BillingCycleDiscounts) =>
  z.pipe(
    z.transform((raw) => {
      const v = raw as Record<string, unknown>;
      return {
        ...v,
        billingCycle: typeof v.billingCycle === 'number' ? billingCycle(v.billingCycle, discounts) : null,
        maxOverages: toCurrencyOrZero(v.maxOverages),
        extraDesigners: toIntegerOrZero(v.extraDesigners),
        numberOfMachines: toIntegerOrZero(v.numberOfMachines),
      };
    }),
    ProductFormSchema,
  );
