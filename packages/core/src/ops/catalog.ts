import { z } from 'zod';
import { idParams, intField, moneyField } from '../schemas/common';
import { PricingPlanSchema } from '../schemas/entities';
import { ProductSchema } from '../store';

// The operator console's catalogue (the operator API contract, "Catalogue") and the catalogue file
// of `catalog:import` / `catalog:export`: one shape for the console, the scripts and the demo seed.

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });
const count = (label: string) => intField(label, 0, 1_000_000);

/** A product as the operator writes it; `product` is its flag value of SPEC.md §3 (unique). */
export const OpsProductBodySchema = z.object({
  product: intField('product', 1, 1_000_000),
  name: text('name', 40).regex(/^[A-Za-z0-9]+$/, 'name may hold only letters and digits (it is a URL part)'),
  title: text('title', 100),
  description: text('description', 2000),
  isAvailable: flag('isAvailable').default(true),
  sortOrder: count('sortOrder').default(0),
});
export type OpsProductBody = z.infer<typeof OpsProductBodySchema>;
export const OpsProductParamsSchema = idParams('productId', 'Product id');

/** Every pricing-plan field of SPEC.md §3, in dollars, as the operator writes it. */
export const OpsPlanFieldsSchema = z.object({
  planName: text('planName', 100),
  description: z.string().trim().max(2000, 'description must be at most 2000 characters').default(''),
  monthlyFee: moneyField('monthlyFee'),
  isAvailable: flag('isAvailable').default(true),
  isChargePerReport: flag('isChargePerReport').default(false),
  isBatchMode: flag('isBatchMode').default(false),
  baseRtus: count('baseRtus').default(0),
  /** Dollars per RTU, to the millionth of a dollar. */
  overagePerRtu: z.number().min(0, 'overagePerRtu must be at least 0').max(1000).default(0),
  numRtusPerReport: intField('numRtusPerReport', 1, 1_000_000).default(1),
  numPagesInBaseReportCharge: intField('numPagesInBaseReportCharge', 1, 1_000_000).default(1),
  numPagesPerRtu: intField('numPagesPerRtu', 1, 1_000_000).default(1),
  numAutoTags: count('numAutoTags').default(0),
  xtraAutoTagPerMonth: moneyField('xtraAutoTagPerMonth').default(0),
  allowXtraAutoTag: flag('allowXtraAutoTag').default(false),
  numberCores: count('numberCores').default(0),
  numberThreads: count('numberThreads').default(0),
  maxReportsDay: count('maxReportsDay').default(0),
  sortOrder: count('sortOrder').default(0),
  /** Days a machine may stay silent before its seat is released; null: the store's default. */
  heartbeatWindowDays: intField('heartbeatWindowDays', 1, 365).nullable().default(null),
});
export type OpsPlanFields = z.infer<typeof OpsPlanFieldsSchema>;

/** POST /api/ops/plans and PUT /api/ops/plans/:planId: the plan and the product it belongs to. */
export const OpsPlanBodySchema = OpsPlanFieldsSchema.extend({ product: intField('product', 1, 1_000_000) });
export type OpsPlanBody = z.infer<typeof OpsPlanBodySchema>;
export const OpsPlanParamsSchema = idParams('planId', 'Plan id');

export const OpsPlanSchema = PricingPlanSchema.extend({
  sortOrder: z.number().int(),
  heartbeatWindowDays: z.number().int().nullable(),
  subscriberCount: z.number().int(),
});
export type OpsPlan = z.infer<typeof OpsPlanSchema>;

export const OpsProductSchema = ProductSchema.extend({
  productId: z.number().int(),
  sortOrder: z.number().int(),
  /** 'pdf', 'html' or null (no EULA). A plain string in the document: its generator drops null from an enum. */
  eula: z.string().nullable(),
  plans: z.array(OpsPlanSchema),
});
export type OpsProduct = z.infer<typeof OpsProductSchema>;

export const OpsCatalogSchema = z.object({ products: z.array(OpsProductSchema) });
export type OpsCatalog = z.infer<typeof OpsCatalogSchema>;

/** PUT /api/ops/plans/:planId: subscribers keep their price until their next renewal. */
export const OpsPlanSavedSchema = z.object({
  plan: OpsPlanSchema,
  subscribersAtNextRenewal: z.number().int(),
});
export const OpsPlanImpactSchema = z.object({ subscribers: z.number().int() });

/** PUT /api/ops/products/:productId/eula: a PDF (base64) or HTML (sanitized as the catalogue does). */
export const OpsEulaBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('pdf'),
      /** The PDF file, base64; at most about 2 MB. */
      pdfBase64: z
        .string()
        .min(1, 'pdfBase64 is required')
        .max(2_800_000, 'The PDF must be at most 2 MB')
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'pdfBase64 must be the file in base64'),
    }),
    z.object({
      kind: z.literal('html'),
      html: z
        .string()
        .trim()
        .min(1, 'html is required')
        .max(200_000, 'html must be at most 200000 characters'),
    }),
  ],
  { error: "kind must be 'pdf' or 'html'" },
);
export type OpsEulaBody = z.infer<typeof OpsEulaBodySchema>;

/** The catalogue file of `catalog:import` / `catalog:export` (and the demo's assets/demo-catalog.json). */
export const CatalogFileSchema = z.object({
  billingCycleDiscounts: z
    .object({
      yearlyDiscount: z.number().min(0).max(1),
      quarterlyDiscount: z.number().min(0).max(1),
      monthlyDiscount: z.number().min(0).max(1),
    })
    .optional(),
  products: z.array(
    OpsProductBodySchema.extend({
      /** A PDF file name under the server's assets, or inline HTML (sanitized on import). */
      eulaPdf: z.string().max(200).nullable().optional(),
      eulaHtml: z.string().max(200_000).nullable().optional(),
      /** A PDF uploaded in the console, base64 (catalog:export writes it; catalog:import reads it). */
      eulaPdfBase64: z.string().max(2_800_000).nullable().optional(),
      plans: z.array(OpsPlanFieldsSchema),
    }),
  ),
});
export type CatalogFile = z.infer<typeof CatalogFileSchema>;
