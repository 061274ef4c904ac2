import { z } from 'zod';

// The operator console's billing runs (the operator API contract, "Billing runs").

export const BillingRunTrigger = ['schedule', 'operator'] as const;
export type BillingRunTrigger = (typeof BillingRunTrigger)[number];

export const BillingRunSchema = z.object({
  runId: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  trigger: z.enum(BillingRunTrigger),
  renewed: z.number().int(),
  charged: z.number().int(),
  declined: z.number().int(),
  deactivated: z.number().int(),
  invoiced: z.number().int(),
  error: z.string().nullable().optional(),
});
export type BillingRun = z.infer<typeof BillingRunSchema>;

export const BillingRunListSchema = z.object({ items: z.array(BillingRunSchema) });
