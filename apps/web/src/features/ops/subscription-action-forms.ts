import { OpsExtendSubscriptionBodySchema, OpsSubscriptionChangeBodySchema } from '@store/core';
import { z } from 'zod/mini';

// The organization page's subscription forms (docs/decisions/031), from core's bodies: the plan is
// chosen in a select, which holds text (nothing before a choice).

export const SubscriptionChangeFormSchema = z.object({
  pricingPlanId: z.string({ error: 'Choose a plan' }).check(z.minLength(1, 'Choose a plan')),
  numberMachines: OpsSubscriptionChangeBodySchema.shape.numberMachines,
  xtraAutoTags: OpsSubscriptionChangeBodySchema.shape.xtraAutoTags,
});
export type SubscriptionChangeFormValues = {
  pricingPlanId: string | null;
  numberMachines: number | string;
  xtraAutoTags: number | string;
};

export const ExtendFormSchema = OpsExtendSubscriptionBodySchema;

export const CANCEL_WHEN = ['periodEnd', 'now'] as const;
export const CancelFormSchema = z.object({
  when: z.enum(CANCEL_WHEN, { error: 'Choose when the subscription ends' }),
});

/** The renewal after an extension, as the confirmation names it. */
export const extendedTo = (nextBillingDate: string, days: number) =>
  new Date(new Date(nextBillingDate).getTime() + days * 86_400_000);

export const MoveSubscribersFormSchema = z.object({
  toPlanId: z.string({ error: 'Choose a plan' }).check(z.minLength(1, 'Choose a plan')),
});
