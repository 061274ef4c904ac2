import { z } from 'zod/mini';

// The operator console's billing runs (the operator API contract, "Billing runs").

export const BillingRunTrigger = ['schedule', 'operator'] as const;
export type BillingRunTrigger = (typeof BillingRunTrigger)[number];

export const BillingRunSchema = z.object({
  runId: z.number().check(z.int()),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  trigger: z.enum(BillingRunTrigger),
  renewed: z.number().check(z.int()),
  charged: z.number().check(z.int()),
  declined: z.number().check(z.int()),
  deactivated: z.number().check(z.int()),
  invoiced: z.number().check(z.int()),
  error: z.optional(z.nullable(z.string())),
});
export type BillingRun = z.infer<typeof BillingRunSchema>;

export const BillingRunListSchema = z.object({ items: z.array(BillingRunSchema) });
