import { z } from 'zod/mini';
import { isPaymentTermsDays, PAYMENT_TERMS_MESSAGE } from '../invoice-terms';
import { fractionField, idField, idParams } from '../schemas/common';
import { PersonSchema } from '../schemas/entities';
import { taxIdField } from '../tax-id';
import { BillSummarySchema } from './bills';
import { PageQueryField, pagedSchema } from './common';

// The operator console's organizations (the operator API contract, "Organizations").

export const OpsOrganizationsQuerySchema = z.strictObject({
  /** Matches the organization's name, any of its persons' e-mail addresses, or a license key. */
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
  users: z.array(PersonSchema),
  subAccounts: z.array(z.object({ organizationId: z.number().check(z.int()), name: z.string() })),
  subscriptions: z.array(OpsSubscriptionRowSchema),
  bills: z.array(BillSummarySchema),
  billingInfo: z.nullable(OpsBillingInfoSchema),
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
