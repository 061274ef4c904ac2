import { billingCycle } from '../../src/billing-cycle';
import {
  type Organization,
  type Person,
  type PricingPlan,
  Rights,
  type Subscription,
} from '../../src/schemas/entities';
import type { CartItem } from '../../src/schemas/product-form';

// Sample wire objects shared by the schema tests and the web client's tests.

/** An admin of the sample organization, as /api/person/current answers. */
export const samplePerson: Person = {
  personId: 1,
  organizationId: 3,
  rights: Rights.User | Rights.Admin,
  firstName: 'Ann',
  lastName: 'Lee',
  phone: null,
  email: 'ann@example.com',
  emailVerified: true,
};

export const sampleOrganization: Organization = {
  organizationId: 3,
  companyName: 'Acme',
  discount: 0.1,
  allowMonthly: true,
  hasBillingInfo: false,
  isPerpetualAccount: false,
  orgName: null,
  addr1: null,
  addr2: null,
  city: null,
  state: null,
  country: null,
  zip: null,
  parentOrganizationId: null,
  billedByInvoice: false,
};

export const samplePlan: PricingPlan = {
  pricingPlanId: 1,
  product: 1,
  productName: 'Pro',
  planName: 'Pro Level 1',
  monthlyFee: 100,
  isAvailable: true,
  isChargePerReport: false,
  isBatchMode: false,
  baseRtus: 1000,
  overagePerRtu: 0.0025,
  numRtusPerReport: 1,
  numPagesInBaseReportCharge: 1,
  numPagesPerRtu: 1,
  numAutoTags: 1,
  xtraAutoTagPerMonth: 25,
  allowXtraAutoTag: true,
  numberCores: 4,
  numberThreads: 8,
  maxReportsDay: 0,
  description: 'Pro for one engine',
  entitlements: ['ocr'],
};

/** A cart item of the sample plan: one engine, annual, with a 10 % organization discount. */
export const sampleCartItem: CartItem = {
  id: 'a1',
  pricingPlan: samplePlan,
  name: 'Prod',
  maxOverages: 0,
  extraDesigners: 0,
  numberOfMachines: 1,
  billingCycle: billingCycle(3),
  orgDiscount: 0.1,
  total: 1080,
};

export const sampleSubscription: Subscription = {
  subscriptionId: 12,
  description: 'Production',
  pricingPlanId: 1,
  organizationId: 3,
  maxAdditionalMonthlyCharge: 50,
  xtraAutoTags: 0,
  numberMachines: 1,
  billingMode: 3,
  billingModeDiscount: 0.15,
  isActive: true,
  deactivateDate: null,
  isPerpetualLicense: false,
  isOfflineEnabled: false,
  offlineLicenseKey: null,
  offlineAutoTagHosts: null,
  offlineEngineHosts: null,
  offlineVolume: false,
  allowOffline: true,
  apiKey1: 'key',
  nextBaseBillingDate: '2027-11-22T00:00:00.000Z',
  nextOverageBillingDate: '2026-12-22T00:00:00.000Z',
  annualUsageReset: false,
  accruedRtusThisMonth: 0,
  billedRtusThisMonth: 0,
  overageChargesPaidThisMonth: 0,
  product: 1,
  productName: 'Pro',
  planName: 'Pro Level 1',
  version: 1,
  licenseId: 50012,
};

/** A subscription's usage this month when it has none and no overage: a change's quote owes nothing for it. */
export const noUsage = {
  accruedRtusThisMonth: 0,
  billedRtusThisMonth: 0,
  annualUsageReset: false,
  baseRtus: 0,
  overagePerRtuMicros: 0,
  overageChargesPaidThisMonthCents: 0,
};
