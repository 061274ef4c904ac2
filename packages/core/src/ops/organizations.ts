import { z } from 'zod/mini';
import { isPaymentTermsDays, PAYMENT_TERMS_MESSAGE } from '../invoice-terms';
import { fractionField, idField, idParams } from '../schemas/common';
import { PersonSchema } from '../schemas/entities';
import { taxIdField } from '../tax-id';
import { PageQueryField, pagedSchema } from './common';

// The operator console's organizations (the operator API contract, "Organizations").

export const OpsOrganizationsQuerySchema = z.strictObject({
  /**
   * Matches the organization's name, any of its persons' e-mail addresses or its subscriptions' names;
   * exactly, a license key, an invoice or credit-note number, a charge's gateway reference or the
   * card's last four digits.
   */
  q: z._default(
    z.optional(z.string().check(z.trim(), z.maxLength(200, 'q must be at most 200 characters'))),
    '',
  ),
  page: PageQueryField,
});
export type OpsOrganizationsQuery = z.infer<typeof OpsOrganizationsQuerySchema>;

export const OpsOrganizationRowSchema = z.object({
  organizationId: z.number().check(z.int()),
  name: z.string(),
  adminEmail: z.nullable(z.string()),
  parentOrganizationId: z.nullable(z.number().check(z.int())),
  parentName: z.nullable(z.string()),
  subscriptions: z.number().check(z.int()),
  pastDue: z.number().check(z.int()),
});
export type OpsOrganizationRow = z.infer<typeof OpsOrganizationRowSchema>;
export const OpsOrganizationListSchema = pagedSchema(OpsOrganizationRowSchema);
export type OpsOrganizationList = z.infer<typeof OpsOrganizationListSchema>;

export const OpsOrganizationParamsSchema = idParams('organizationId', 'Organization id');
export const OpsPersonParamsSchema = idParams('personId', 'Person id');

export const OpsSubscriptionRowSchema = z.object({
  subscriptionId: z.number().check(z.int()),
  productTitle: z.string(),
  planName: z.string(),
  /** 'Active', 'Cancelled' (ends at its deactivate date), 'Deactivated' or 'Perpetual'. */
  status: z.string(),
  licenseKey: z.string(),
  nextBillingDate: z.nullable(z.string()),
  /** The name the customer gave it, and the terms the console's actions start from (docs/decisions/031). */
  description: z.string(),
  pricingPlanId: z.number().check(z.int()),
  product: z.number().check(z.int()),
  numberMachines: z.number().check(z.int()),
  xtraAutoTags: z.number().check(z.int()),
  version: z.number().check(z.int()),
  /** Active, not cancelled and billed by period: what the console may cancel, change or extend. */
  renews: z.boolean(),
  /** Its license runs now: active, a cancelled one until its end date included. */
  running: z.boolean(),
});
export type OpsSubscriptionRow = z.infer<typeof OpsSubscriptionRowSchema>;

export const OpsBillingInfoSchema = z.object({
  name: z.nullable(z.string()),
  company: z.nullable(z.string()),
  country: z.nullable(z.string()),
  cardBrand: z.nullable(z.string()),
  cardLastFour: z.nullable(z.string()),
  cardExpMonth: z.nullable(z.number().check(z.int())),
  cardExpYear: z.nullable(z.number().check(z.int())),
});

/** 'Past due' while a bill is past due or Un-Paid, else 'Active' while a subscription runs, else 'Inactive'. */
export const ORGANIZATION_STANDINGS = ['Past due', 'Active', 'Inactive'] as const;
export type OrganizationStanding = (typeof ORGANIZATION_STANDINGS)[number];
export const organizationStanding = (f: { unpaidBills: number; activeSubscriptions: number }) =>
  f.unpaidBills > 0 ? 'Past due' : f.activeSubscriptions > 0 ? 'Active' : 'Inactive';

export const OpsOrganizationSummarySchema = z.object({
  standing: z.enum(ORGANIZATION_STANDINGS),
  /** The organization's share of the dashboard's MRR, dollars a month (docs/decisions/028). */
  mrr: z.number(),
  /** 'Visa ending in 4242', or null without a card on file. */
  card: z.nullable(z.string()),
  /** What its unpaid bills come to (past due, open invoices, pending charges, Un-Paid), dollars. */
  openBalance: z.number(),
  unpaidBills: z.number().check(z.int()),
});
export type OpsOrganizationSummary = z.infer<typeof OpsOrganizationSummarySchema>;

export const OpsOrganizationDetailSchema = z.object({
  organization: z.object({
    organizationId: z.number().check(z.int()),
    name: z.string(),
    /** A fraction: 0.15 = 15 %. */
    discount: z.number(),
    allowMonthly: z.boolean(),
    perpetualAccount: z.boolean(),
    invoiceTerms: z.boolean(),
    /** Days an invoice gives to pay: 14, 30 or 60 (docs/decisions/030). */
    paymentTermsDays: z.number().check(z.int()),
    parentOrganizationId: z.nullable(z.number().check(z.int())),
    parentName: z.nullable(z.string()),
    createdAt: z.string(),
    taxId: z.optional(z.nullable(z.string())),
  }),
  users: z.array(z.extend(PersonSchema, { twoFactorEnabled: z.boolean() })),
  subAccounts: z.array(z.object({ organizationId: z.number().check(z.int()), name: z.string() })),
  subscriptions: z.array(OpsSubscriptionRowSchema),
  billingInfo: z.nullable(OpsBillingInfoSchema),
  /** What the operator reads first; its bills are the Bills list's, filtered by the organization. */
  summary: OpsOrganizationSummarySchema,
});
export type OpsOrganizationDetail = z.infer<typeof OpsOrganizationDetailSchema>;

/** PUT /api/ops/organizations/:organizationId/terms: every term at once, as the form shows them. */
export const OpsTermsBodySchema = z.object({
  discount: fractionField('discount'),
  allowMonthly: z.boolean({ error: 'allowMonthly must be true or false' }),
  perpetualAccount: z.boolean({ error: 'perpetualAccount must be true or false' }),
  invoiceTerms: z.boolean({ error: 'invoiceTerms must be true or false' }),
  /** Net 14, 30 or 60 (docs/decisions/030); absent leaves them as they are. */
  paymentTermsDays: z.optional(
    z.number({ error: PAYMENT_TERMS_MESSAGE }).check(z.refine(isPaymentTermsDays, PAYMENT_TERMS_MESSAGE)),
  ),
  parentOrganizationId: z.nullable(idField('parentOrganizationId')),
  /** The customer's tax / VAT id (docs/decisions/016); absent leaves it as it is, blank removes it. */
  taxId: taxIdField(),
});
export type OpsTermsBody = z.infer<typeof OpsTermsBodySchema>;

/** POST /api/ops/organizations/:organizationId/perpetual-licenses. */
export const OpsPerpetualLicenseBodySchema = z.object({
  planId: idField('planId'),
  /** The license's description; the plan's name when absent. */
  name: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'name must not be blank'),
        z.maxLength(200, 'name must be at most 200 characters'),
      ),
  ),
  version: z.optional(z.string().check(z.trim(), z.maxLength(50, 'version must be at most 50 characters'))),
  machines: z.optional(z.number().check(z.int(), z.gte(1, 'machines must be at least 1'), z.lte(10_000))),
  cpus: z.optional(z.number().check(z.int(), z.gte(1, 'cpus must be at least 1'), z.lte(10_000))),
});
export type OpsPerpetualLicenseBody = z.infer<typeof OpsPerpetualLicenseBodySchema>;

/** POST /api/ops/organizations/:organizationId/admins: promote one of its users. */
export const OpsPromoteAdminBodySchema = z.object({ personId: idField('personId') });
