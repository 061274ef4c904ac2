import type { OpsPerpetualLicenseBody } from '@store/core';
import { z } from 'zod/mini';

// The plan is chosen in a select, which holds text (nothing before a choice); a blank name leaves the
// license named after its plan.
export const PerpetualLicenseFormSchema = z.object({
  planId: z.string({ error: 'Choose a plan' }).check(z.minLength(1, 'Choose a plan')),
  name: z.string().check(z.trim(), z.maxLength(200, 'name must be at most 200 characters')),
});

export type PerpetualLicenseFormValues = { planId: string | null; name: string };

export const EMPTY_PERPETUAL_LICENSE: PerpetualLicenseFormValues = { planId: null, name: '' };

export const perpetualLicenseFromForm = (
  values: z.output<typeof PerpetualLicenseFormSchema>,
): Pick<OpsPerpetualLicenseBody, 'planId' | 'name'> => ({
  planId: Number(values.planId),
  name: values.name || undefined,
});
