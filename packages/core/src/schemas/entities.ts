import { z } from 'zod/mini';
import { CardBrandSchema } from '../card-brand';
import { fractionField } from './common';

// Entities of docs/spec.md §3 as they travel over the wire: money in dollars, discounts as fractions,
// dates as ISO strings. Objects are not strict here so a newer server can add fields without
// breaking an older client; unknown fields are stripped.

export const PricingPlanSchema = z.object({
  pricingPlanId: z.number().check(z.int()),
  product: z.number().check(z.int()),
  productName: z.string(),
  planName: z.string(),
  monthlyFee: z.number(),
  isAvailable: z.boolean(),
  isChargePerReport: z.boolean(),
  isBatchMode: z.boolean(),
  baseRtus: z.number().check(z.int()),
  overagePerRtu: z.number(),
  numRtusPerReport: z.number(),
  numPagesInBaseReportCharge: z.number(),
  numPagesPerRtu: z.number(),
  numAutoTags: z.number().check(z.int()),
  xtraAutoTagPerMonth: z.number(),
  allowXtraAutoTag: z.boolean(),
  numberCores: z.number().check(z.int()),
  numberThreads: z.number().check(z.int()),
  maxReportsDay: z.number().check(z.int()),
  description: z.string(),
  /** The features the plan licenses, sorted by name: `ocr`, `max-pages-per-document=500` (docs/decisions/039). */
  entitlements: z.array(z.string()),
  /** Days of the free trial a checkout of the plan starts; absent or null: none (docs/decisions/043). */
  trialDays: z.optional(z.nullable(z.number().check(z.int()))),
});
export type PricingPlan = z.infer<typeof PricingPlanSchema>;

export const SubscriptionSchema = z.object({
  subscriptionId: z.number().check(z.int()),
  description: z.string(),
  pricingPlanId: z.number().check(z.int()),
  organizationId: z.number().check(z.int()),
  maxAdditionalMonthlyCharge: z.number(),
  xtraAutoTags: z.number().check(z.int()),
  numberMachines: z.number().check(z.int()),
  billingMode: z.number().check(z.int()),
  billingModeDiscount: z.number(),
  isActive: z.boolean(),
  deactivateDate: z.nullable(z.string()),
  isPerpetualLicense: z.boolean(),
  isOfflineEnabled: z.boolean(),
  offlineLicenseKey: z.nullable(z.string()),
  offlineAutoTagHosts: z.nullable(z.string()),
  offlineEngineHosts: z.nullable(z.string()),
  offlineVolume: z.boolean(),
  allowOffline: z.boolean(),
  apiKey1: z.string(),
  nextBaseBillingDate: z.nullable(z.string()),
  nextOverageBillingDate: z.nullable(z.string()),
  annualUsageReset: z.boolean(),
  accruedRtusThisMonth: z.number(),
  billedRtusThisMonth: z.number(),
  overageChargesPaidThisMonth: z.number(),
  product: z.number().check(z.int()),
  productName: z.string(),
  planName: z.string(),
  /** Present when the subscription belongs to a sub-account of the caller's organization. */
  ownerName: z.optional(z.string()),
  /** Optimistic concurrency: the editor sends back the version it read. */
  version: z.number().check(z.int()),
  licenseId: z.number().check(z.int()),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const OrganizationSchema = z.object({
  organizationId: z.number().check(z.int()),
  companyName: z.string(),
  discount: z.number(),
  allowMonthly: z.boolean(),
  hasBillingInfo: z.boolean(),
  isPerpetualAccount: z.boolean(),
  orgName: z.nullable(z.string()),
  addr1: z.nullable(z.string()),
  addr2: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  country: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  parentOrganizationId: z.nullable(z.number().check(z.int())),
  billedByInvoice: z.boolean(),
  /** The tax / VAT id printed on the organization's invoices (docs/decisions/016). */
  taxId: z.optional(z.nullable(z.string())),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/**
 * Bit flags on a person, the spec's `rights` (docs/design.md §5a): 1 user, 2 admin (implies every
 * other right), then one bit per role (docs/decisions/033). The operator's bit is the store's own,
 * granted only by the operator's tool: it sits far above the customers' roles so a role added later
 * never lands on it.
 */
export const Rights = {
  User: 1,
  Admin: 2,
  Billing: 4,
  Licenses: 8,
  Developer: 16,
  Operator: 1 << 20,
} as const;
export type Rights = (typeof Rights)[keyof typeof Rights];

// Deliberately without a password: parsing a response through this schema strips it.
export const PersonSchema = z.object({
  personId: z.number().check(z.int()),
  organizationId: z.number().check(z.int()),
  rights: z.number().check(z.int()),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  email: z.string(),
  emailVerified: z.boolean(),
  /**
   * Deactivated by the organization's identity provider (SCIM, docs/decisions/038): the person cannot
   * sign in until it reactivates them. Optional: a session stored before it existed still reads.
   */
  deactivated: z.optional(z.boolean()),
});
export type Person = z.infer<typeof PersonSchema>;

export const isAdmin = (person: { rights: number }): boolean =>
  (person.rights & Rights.Admin) === Rights.Admin;

/** Whether the person holds a right: its own bit, or admin, which implies every other right. */
export const hasRight = (person: { rights: number }, right: Rights): boolean =>
  isAdmin(person) || (person.rights & right) === right;

/** A store operator (docs/decisions/015): the console's routes exist for them alone. */
export const isOperator = (person: { rights: number }): boolean =>
  (person.rights & Rights.Operator) === Rights.Operator;

export const BillSchema = z.object({
  orderId: z.number().check(z.int()),
  billingDate: z.string(),
  status: z.number().check(z.int()),
  total: z.number(),
  /** The bill's invoice number (docs/decisions/016); null until issued. */
  invoiceNumber: z.optional(z.nullable(z.string())),
  /** The day an invoice must be paid by, its payment terms after its date (docs/decisions/030); card bills have none. */
  dueDate: z.optional(z.nullable(z.string())),
  /**
   * Set on a credit note's row (a refund of bill `orderId`): its Status reads 'Credit Note', its
   * total is negative and its button downloads credit_note_{number}.pdf.
   */
  creditNoteNumber: z.optional(z.string()),
  /**
   * The names of the subscriptions the bill is for (a credit note: those of the bill it refunds), as
   * they are named now, so a row says what it is for; a line whose subscription is gone is named by
   * its own description.
   */
  subscriptionNames: z.optional(z.array(z.string())),
});
export type Bill = z.infer<typeof BillSchema>;

export const FLEX_DATE_RANGES = 12;

export const FlexUsageRunSchema = z.object({
  hostname: z.string(),
  dateRangePages: z.array(z.number()).check(z.length(FLEX_DATE_RANGES)),
  totalPages: z.number(),
});
export type FlexUsageRun = z.infer<typeof FlexUsageRunSchema>;

export const FlexUsageSchema = z.object({
  description: z.string(),
  refreshDate: z.nullable(z.string()),
  totalPagesUsed: z.number(),
  numMachines: z.number().check(z.int()),
  dateRanges: z.array(z.string()).check(z.length(FLEX_DATE_RANGES)),
  runs: z.array(FlexUsageRunSchema),
});
export type FlexUsage = z.infer<typeof FlexUsageSchema>;

export const CountrySchema = z.object({ code: z.string(), name: z.string() });
export type Country = z.infer<typeof CountrySchema>;

export const BillingDescriptionSchema = z.object({
  name: z.nullable(z.string()),
  company: z.nullable(z.string()),
  addr1: z.nullable(z.string()),
  addr2: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  country: z.nullable(z.string()),
  // The card on file, so the page says which card will be charged (the card itself stays at the gateway).
  cardLastFour: z.nullable(z.string()),
  cardExpMonth: z.nullable(z.number().check(z.int())),
  cardExpYear: z.nullable(z.number().check(z.int())),
  // Absent when the card's brand is not on file (cards saved before brands were kept).
  cardBrand: z.optional(CardBrandSchema),
  taxId: z.optional(z.nullable(z.string())),
});
export type BillingDescription = z.infer<typeof BillingDescriptionSchema>;

export const BillingCycleDiscountsSchema = z.object({
  yearlyDiscount: fractionField('Yearly discount'),
  quarterlyDiscount: fractionField('Quarterly discount'),
  monthlyDiscount: fractionField('Monthly discount'),
});

export const BillingCycleSchema = z.object({
  mode: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  monthsPerCycle: z.number().check(z.int()),
  displayPeriod: z.string(),
  cycleName: z.string(),
  billingModeDiscount: z.number(),
});

export const PerpetualLicenseSchema = z.object({
  description: z.string(),
  version: z.string(),
  product: z.number().check(z.int()),
  numMachines: z.number().check(z.int()),
  numCpus: z.number().check(z.int()),
});
export type PerpetualLicense = z.infer<typeof PerpetualLicenseSchema>;

export const PossibleOrganizationSchema = z.object({
  organizationId: z.number().check(z.int()),
  companyName: z.string(),
});
export type PossibleOrganization = z.infer<typeof PossibleOrganizationSchema>;

export const LoginResponseSchema = z.object({
  success: z.boolean(),
  token: z.nullish(z.string()),
  person: z.nullish(PersonSchema),
  organization: z.nullish(OrganizationSchema),
  possibleOrganizations: z.nullish(z.array(PossibleOrganizationSchema)),
  error: z.nullish(z.string()),
  /** The password matched a person with two-factor sign-in: send it again with `totp` or `recoveryCode`. */
  twoFactorRequired: z.optional(z.boolean()),
  /** Signed in, but two-factor sign-in must be set up before anything else (policy or an admin's reset). */
  twoFactorSetupRequired: z.optional(z.boolean()),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** The password-reset answer may, like login, ask the user to pick an organization. */
export const ResetPasswordResponseSchema = z.object({
  success: z.boolean(),
  possibleOrganizations: z.nullish(z.array(PossibleOrganizationSchema)),
  error: z.nullish(z.string()),
});
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponseSchema>;

export const EulaResponseSchema = z.object({
  pdfUrl: z.optional(z.string()),
  pdfBase64: z.optional(z.string()),
  html: z.optional(z.string()),
});
export type EulaResponse = z.infer<typeof EulaResponseSchema>;

/** GET /api/misc/config: the links and card gateway the web client uses. */
export const AppConfigSchema = z.object({
  storeGuideUrl: z.string(),
  privacyPolicyUrl: z.string(),
  gateway: z.enum(['stripe', 'sandbox']),
  mode: z.optional(z.enum(['demo', 'production'])),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
