import { z } from 'zod/mini';
import { EntitlementListSchema } from '../entitlements';
import { MAX_BORROW_DAYS, MAX_LEASE_MINUTES } from '../leases';
import { idParams, intField, moneyField } from '../schemas/common';
import { PricingPlanSchema } from '../schemas/entities';
import { LeaseSeatModelSchema } from '../schemas/leases';
import { ProductSchema } from '../store';
import { TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../trials';

// The operator console's catalogue (the operator API contract, "Catalogue") and the catalogue file
// of `catalog:import` / `catalog:export`: one shape for the console, the scripts and the demo seed.

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );
const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });
const count = (label: string) => intField(label, 0, 1_000_000);

/** A product as the operator writes it; `product` is its flag value of docs/spec.md §3 (unique). */
export const OpsProductBodySchema = z.object({
  product: intField('Flags', 1, 1_000_000),
  name: text('Name', 40).check(
    z.regex(/^[A-Za-z0-9]+$/, 'Name may hold only letters and digits (it is a URL part)'),
  ),
  title: text('Title', 100),
  description: text('Description', 2000),
  isAvailable: z._default(flag('Available in the catalogue'), true),
  sortOrder: z._default(count('Sort order'), 0),
});
export type OpsProductBody = z.infer<typeof OpsProductBodySchema>;
export const OpsProductParamsSchema = idParams('productId', 'Product id');

/** Every pricing-plan field of docs/spec.md §3, in dollars, as the operator writes it. */
export const OpsPlanFieldsSchema = z.object({
  planName: text('Plan name', 100),
  description: z._default(
    z.string().check(z.trim(), z.maxLength(2000, 'Description must be at most 2000 characters')),
    '',
  ),
  monthlyFee: moneyField('Monthly fee'),
  isAvailable: z._default(flag('Available for purchase'), true),
  isChargePerReport: z._default(flag('Charged per report'), false),
  isBatchMode: z._default(flag('Batch mode'), false),
  baseRtus: z._default(count('Base RTUs'), 0),
  /** Dollars per RTU, to the millionth of a dollar. */
  overagePerRtu: z._default(
    z
      .number()
      .check(
        z.gte(0, 'Overage per RTU must be at least 0'),
        z.lte(1000, 'Overage per RTU must be at most 1000'),
      ),
    0,
  ),
  numRtusPerReport: z._default(intField('RTUs per report', 1, 1_000_000), 1),
  numPagesInBaseReportCharge: z._default(intField('Pages in the base report charge', 1, 1_000_000), 1),
  numPagesPerRtu: z._default(intField('Pages per RTU', 1, 1_000_000), 1),
  numAutoTags: z._default(count('Designers'), 0),
  xtraAutoTagPerMonth: z._default(moneyField('Extra-designer fee (monthly)'), 0),
  allowXtraAutoTag: z._default(flag('Extra designers can be bought'), false),
  numberCores: z._default(count('Cores'), 0),
  numberThreads: z._default(count('Threads'), 0),
  maxReportsDay: z._default(count('Reports per day'), 0),
  sortOrder: z._default(count('Sort order'), 0),
  /** Days a machine may stay silent before its seat is released; null: the store's default. */
  heartbeatWindowDays: z._default(z.nullable(intField('Heartbeat window (days)', 1, 365)), null),
  /** Node-locked engines activate machines; floating engines lease seats (docs/decisions/034). */
  seatModel: z._default(LeaseSeatModelSchema, 'node-locked'),
  /** A floating plan's lease length; null: the default (15 minutes). */
  leaseMinutes: z._default(z.nullable(intField('Lease length (minutes)', 1, MAX_LEASE_MINUTES)), null),
  /** Days a lease may be borrowed for offline use; 0: never. */
  borrowDays: z._default(intField('Borrow days', 0, MAX_BORROW_DAYS), 0),
  /** The features the plan licenses (docs/decisions/039): `name` or `name=value`, each name once. */
  entitlements: z._default(EntitlementListSchema, []),
  /** Days of the free trial a checkout starts (docs/decisions/043); null: none. */
  trialDays: z._default(z.nullable(intField('Trial days', TRIAL_DAYS_MIN, TRIAL_DAYS_MAX)), null),
});
export type OpsPlanFields = z.infer<typeof OpsPlanFieldsSchema>;

/** POST /api/ops/plans and PUT /api/ops/plans/:planId: the plan and the product it belongs to. */
export const OpsPlanBodySchema = z.extend(OpsPlanFieldsSchema, {
  product: intField('product', 1, 1_000_000),
});
export type OpsPlanBody = z.infer<typeof OpsPlanBodySchema>;
export const OpsPlanParamsSchema = idParams('planId', 'Plan id');

export const OpsPlanSchema = z.extend(PricingPlanSchema, {
  sortOrder: z.number().check(z.int()),
  heartbeatWindowDays: z.nullable(z.number().check(z.int())),
  seatModel: LeaseSeatModelSchema,
  leaseMinutes: z.nullable(z.number().check(z.int())),
  borrowDays: z.number().check(z.int()),
  trialDays: z.nullable(z.number().check(z.int())),
  subscriberCount: z.number().check(z.int()),
});
export type OpsPlan = z.infer<typeof OpsPlanSchema>;

export const OpsProductSchema = z.extend(ProductSchema, {
  productId: z.number().check(z.int()),
  sortOrder: z.number().check(z.int()),
  /** 'pdf', 'html' or null (no EULA). A plain string in the document: its generator drops null from an enum. */
  eula: z.nullable(z.string()),
  plans: z.array(OpsPlanSchema),
});
export type OpsProduct = z.infer<typeof OpsProductSchema>;

export const OpsCatalogSchema = z.object({ products: z.array(OpsProductSchema) });
export type OpsCatalog = z.infer<typeof OpsCatalogSchema>;

/** PUT /api/ops/plans/:planId: subscribers keep their price until their next renewal. */
export const OpsPlanSavedSchema = z.object({
  plan: OpsPlanSchema,
  subscribersAtNextRenewal: z.number().check(z.int()),
});
export const OpsPlanImpactSchema = z.object({ subscribers: z.number().check(z.int()) });

/** PUT /api/ops/products/:productId/eula: a PDF (base64) or HTML (sanitized as the catalogue does). */
export const OpsEulaBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('pdf'),
      /** The PDF file, base64; at most about 2 MB. */
      pdfBase64: z
        .string()
        .check(
          z.minLength(1, 'pdfBase64 is required'),
          z.maxLength(2_800_000, 'The PDF must be at most 2 MB'),
          z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'pdfBase64 must be the file in base64'),
        ),
    }),
    z.object({
      kind: z.literal('html'),
      html: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'html is required'),
          z.maxLength(200_000, 'html must be at most 200000 characters'),
        ),
    }),
  ],
  { error: "kind must be 'pdf' or 'html'" },
);
export type OpsEulaBody = z.infer<typeof OpsEulaBodySchema>;

/** The catalogue file of `catalog:import` / `catalog:export` (and the demo's assets/demo-catalog.json). */
export const CatalogFileSchema = z.object({
  billingCycleDiscounts: z.optional(
    z.object({
      yearlyDiscount: z.number().check(z.gte(0), z.lte(1)),
      quarterlyDiscount: z.number().check(z.gte(0), z.lte(1)),
      monthlyDiscount: z.number().check(z.gte(0), z.lte(1)),
    }),
  ),
  products: z.array(
    z.extend(OpsProductBodySchema, {
      /** A PDF file name under the server's assets, or inline HTML (sanitized on import). */
      eulaPdf: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
      eulaHtml: z.optional(z.nullable(z.string().check(z.maxLength(200_000)))),
      /** A PDF uploaded in the console, base64 (catalog:export writes it; catalog:import reads it). */
      eulaPdfBase64: z.optional(z.nullable(z.string().check(z.maxLength(2_800_000)))),
      plans: z.array(OpsPlanFieldsSchema),
    }),
  ),
});
export type CatalogFile = z.infer<typeof CatalogFileSchema>;
