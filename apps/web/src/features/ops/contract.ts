import { PersonSchema, PricingPlanSchema, ProductSchema } from '@store/core';
import { z } from 'zod';

// The operator API's wire shapes (the console's contract with the server).

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

export const OpsOrganizationRowSchema = z.object({
  organizationId: z.number().int(),
  name: z.string(),
  adminEmail: z.string().nullable(),
  parentOrganizationId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  subscriptions: z.number().int(),
  pastDue: z.number().int(),
});
export type OpsOrganizationRow = z.infer<typeof OpsOrganizationRowSchema>;
export const OpsOrganizationPageSchema = page(OpsOrganizationRowSchema);

export const OpsBillSummarySchema = z.object({
  orderId: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  kind: z.string(),
  status: z.number().int(),
  total: z.number(),
  billDate: z.string(),
  dueDate: z.string().nullable().optional(),
  invoiceNumber: z.string().nullable().optional(),
});
export type OpsBillSummary = z.infer<typeof OpsBillSummarySchema>;
export const OpsBillPageSchema = page(OpsBillSummarySchema);

export const OpsTermsSchema = z.object({
  discount: z.number().min(0).max(1),
  allowMonthly: z.boolean(),
  perpetualAccount: z.boolean(),
  invoiceTerms: z.boolean(),
  parentOrganizationId: z.number().int().nullable(),
});
export type OpsTerms = z.infer<typeof OpsTermsSchema>;

export const OpsOrganizationDetailSchema = z.object({
  organization: OpsTermsSchema.extend({
    organizationId: z.number().int(),
    name: z.string(),
    parentName: z.string().nullable(),
    createdAt: z.string(),
    taxId: z.string().nullable().optional(),
  }),
  users: z.array(PersonSchema),
  subAccounts: z.array(z.object({ organizationId: z.number().int(), name: z.string() })),
  subscriptions: z.array(
    z.object({
      subscriptionId: z.number().int(),
      productTitle: z.string(),
      planName: z.string(),
      status: z.string(),
      licenseKey: z.string(),
      nextBillingDate: z.string().nullable(),
    }),
  ),
  bills: z.array(OpsBillSummarySchema),
  billingInfo: z.record(z.string(), z.unknown()).nullable(),
});
export type OpsOrganizationDetail = z.infer<typeof OpsOrganizationDetailSchema>;

export const OpsPlanSchema = PricingPlanSchema.extend({ subscriberCount: z.number().int() });
export type OpsPlan = z.infer<typeof OpsPlanSchema>;
export const OpsCatalogSchema = z.object({
  products: z.array(ProductSchema.extend({ plans: z.array(OpsPlanSchema) })),
});
export type OpsCatalog = z.infer<typeof OpsCatalogSchema>;
export type OpsProduct = OpsCatalog['products'][number];

export const OpsProductBodySchema = z.object({
  productName: z.string().trim().min(1, 'Name is required'),
  title: z.string().trim().min(1, 'Title is required'),
  description: z.string(),
  product: z.number().int().min(1, 'Choose at least one flag'),
});
export type OpsProductBody = z.infer<typeof OpsProductBodySchema>;

export const OpsPlanBodySchema = PricingPlanSchema.omit({ pricingPlanId: true, productName: true });
export type OpsPlanBody = z.infer<typeof OpsPlanBodySchema>;
export const OpsPlanSaveResultSchema = z.object({
  plan: PricingPlanSchema,
  subscribersAtNextRenewal: z.number().int(),
});
export const OpsPlanImpactSchema = z.object({ subscribers: z.number().int() });

export const OpsEulaBodySchema = z.object({
  format: z.enum(['pdf', 'html']),
  content: z.string().min(1),
});
export type OpsEulaBody = z.infer<typeof OpsEulaBodySchema>;

export const OpsAttemptSchema = z.object({
  attemptId: z.number().int(),
  status: z.string(),
  amount: z.number(),
  gatewayReference: z.string().nullable(),
  declineCode: z.string().nullable().optional(),
  createdAt: z.string(),
});
export const OpsBillDetailSchema = z.object({
  bill: OpsBillSummarySchema.extend({
    lines: z.array(z.object({ description: z.string(), amount: z.number() }).passthrough()),
  }),
  attempts: z.array(OpsAttemptSchema),
  refunds: z.array(z.unknown()),
});
export type OpsBillDetail = z.infer<typeof OpsBillDetailSchema>;

export const OpsBillingRunSchema = z.object({
  runId: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  trigger: z.enum(['schedule', 'operator']),
  renewed: z.number().int(),
  charged: z.number().int(),
  declined: z.number().int(),
  deactivated: z.number().int(),
  invoiced: z.number().int(),
  error: z.string().nullable().optional(),
});
export type OpsBillingRun = z.infer<typeof OpsBillingRunSchema>;
export const OpsBillingRunListSchema = z.object({ items: z.array(OpsBillingRunSchema) });
