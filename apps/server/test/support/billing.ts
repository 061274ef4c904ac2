import { addMonthsClamped, BillingMode, monthsPerCycle, Rights } from '@store/core';
import { eq } from 'drizzle-orm';
import { composeBilling } from '../../src/compose-billing';
import type { DbOrTx } from '../../src/db/client';
import { organizations, persons, pricingPlans, subscriptions } from '../../src/db/schema';
import { randomToken } from '../../src/lib/tokens';
import type { BillingDeps } from '../../src/modules/billing';
import { createCatalogService } from '../../src/modules/catalog';
import { createOfflineLicenseService, signingKeySource } from '../../src/modules/licensing';
import { insertSubscriptions } from '../../src/modules/subscriptions/subscriptions.repository';

// Test fixtures of the billing engine: organizations and subscriptions made directly, as a
// purchase would leave them, so tests and the fault test need nothing but a migrated database.

export async function makeOrganization(
  db: DbOrTx,
  opts: {
    name: string;
    discountBp?: number;
    paymentMethodId?: string | null;
    billedByInvoice?: boolean;
    adminEmail?: string;
  },
) {
  const [org] = await db
    .insert(organizations)
    .values({
      companyName: opts.name,
      discountBp: opts.discountBp ?? 0,
      billedByInvoice: opts.billedByInvoice ?? false,
      addr1: '1 Test Way',
      city: 'Boulder',
      state: 'CO',
      country: 'US',
      zip: '80301',
      billingName: 'Pat Payer',
      billingCompany: opts.name,
      billingAddr1: '1 Test Way',
      billingAddr2: '',
      billingCity: 'Boulder',
      billingState: 'CO',
      billingCountry: 'US',
      billingZip: '80301',
      gatewayCustomerId: opts.paymentMethodId === null ? null : `cus_sandbox_${randomToken(6)}`,
      paymentMethodId: opts.paymentMethodId === undefined ? 'pm_card_visa' : opts.paymentMethodId,
      cardLastFour: opts.paymentMethodId === null ? null : '4242',
    })
    .returning();
  await db.insert(persons).values({
    organizationId: org!.id,
    rights: Rights.User | Rights.Admin,
    passwordHash: 'not-used',
    firstName: 'Ada',
    lastName: 'Admin',
    email: opts.adminEmail ?? `admin-${org!.id}@example.com`,
    emailVerified: true,
  });
  return org!;
}

/** The two customers the fault tests bill: one whose card pays, one whose card is declined. */
export async function makePayingAndDeclining(db: DbOrTx) {
  return {
    paying: await makeOrganization(db, { name: 'Paying Co.' }),
    declining: await makeOrganization(db, {
      name: 'Declining Co.',
      paymentMethodId: 'pm_card_chargeDeclined',
    }),
  };
}

export async function planId(db: DbOrTx, planName: string): Promise<number> {
  const [plan] = await db.select().from(pricingPlans).where(eq(pricingPlans.planName, planName));
  if (!plan) throw new Error(`No plan ${planName}`);
  return plan.id;
}

/** A cart item of the store: Flex 2,500 bought annually, with nothing added. */
/**
 * The demo's plans without their free trials (docs/decisions/043), for tests of paid checkouts: a trial
 * charges nothing now. Trials have their own test (billing/trials.test.ts).
 */
export async function withoutTrials(db: DbOrTx): Promise<void> {
  await db.update(pricingPlans).set({ trialDays: null });
}

export const reportsCartItem = async (db: DbOrTx) => ({
  description: 'Reports',
  pricingPlanId: await planId(db, 'Flex 2,500'),
  maxAdditionalMonthlyCharge: 0,
  xtraAutoTags: 0,
  numberMachines: 0,
  billingMode: BillingMode.Annually,
});

/** A subscription bought at `purchasedAt` (its anchor), in its first paid period. */
export async function makeSubscription(
  db: DbOrTx,
  opts: {
    organizationId: number;
    pricingPlanId: number;
    description: string;
    billingMode: number;
    purchasedAt: Date | string;
    numberMachines?: number;
    xtraAutoTags?: number;
    billingModeDiscountBp?: number;
    maxAdditionalMonthlyChargeCents?: number;
    annualUsageReset?: boolean;
  },
) {
  const start = new Date(opts.purchasedAt);
  const anchorDay = start.getUTCDate();
  // Through the subscriptions module, which gives a new subscription its usage counters' start.
  const [id] = await insertSubscriptions(db, [
    {
      organizationId: opts.organizationId,
      pricingPlanId: opts.pricingPlanId,
      description: opts.description,
      billingMode: opts.billingMode,
      billingModeDiscountBp: opts.billingModeDiscountBp ?? 0,
      numberMachines: opts.numberMachines ?? 0,
      xtraAutoTags: opts.xtraAutoTags ?? 0,
      maxAdditionalMonthlyChargeCents: opts.maxAdditionalMonthlyChargeCents ?? 0,
      annualUsageReset: opts.annualUsageReset ?? false,
      apiKey1: randomToken(24),
      currentPeriodStart: start,
      nextBaseBillingDate: addMonthsClamped(start, monthsPerCycle(opts.billingMode), anchorDay),
      nextOverageBillingDate: addMonthsClamped(start, 1, anchorDay),
      anchorDay,
    },
  ]);
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, id!));
  return sub!;
}

/**
 * The usual subject of a billing test: an organization with one subscription to the named plan,
 * monthly unless `billingMode` says otherwise.
 */
export async function makeSubscriber(
  db: DbOrTx,
  organization: Parameters<typeof makeOrganization>[1],
  subscription: { plan: string } & Omit<
    Parameters<typeof makeSubscription>[1],
    'organizationId' | 'pricingPlanId' | 'billingMode'
  > & { billingMode?: number },
) {
  const org = await makeOrganization(db, organization);
  const { plan, ...rest } = subscription;
  const sub = await makeSubscription(db, {
    billingMode: BillingMode.Monthly,
    ...rest,
    organizationId: org.id,
    pricingPlanId: await planId(db, plan),
  });
  return { org, sub };
}

/** Many due subscriptions at once (fault test, benchmark), through the subscriptions module in chunks. */
export async function makeDueSubscriptions(
  db: DbOrTx,
  opts: {
    organizationId: number;
    pricingPlanId: number;
    count: number;
    purchasedAt: Date;
    billingMode: number;
    numberMachines?: number;
    accruedRtus?: number;
    maxOverageCents?: number;
  },
): Promise<void> {
  const start = opts.purchasedAt;
  const anchorDay = start.getUTCDate();
  const next = addMonthsClamped(start, monthsPerCycle(opts.billingMode), anchorDay);
  const nextOverage = addMonthsClamped(start, 1, anchorDay);
  const CHUNK = 2_000;
  for (let from = 1; from <= opts.count; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, opts.count - from + 1) }, (_, i) => ({
      organizationId: opts.organizationId,
      pricingPlanId: opts.pricingPlanId,
      description: `Subscription ${from + i}`,
      billingMode: opts.billingMode,
      numberMachines: opts.numberMachines ?? 1,
      apiKey1: randomToken(24),
      currentPeriodStart: start,
      nextBaseBillingDate: next,
      nextOverageBillingDate: nextOverage,
      anchorDay,
      accruedRtusThisMonth: opts.accruedRtus ?? 0,
      maxAdditionalMonthlyChargeCents: opts.maxOverageCents ?? 0,
    }));
    await insertSubscriptions(db, rows);
  }
}

/**
 * The money engine as the app composes it, over a test's database, clock and gateway; offline files
 * are signed with the demo's key, as the test app's are.
 */
export const testBillingEngine = (deps: BillingDeps) =>
  composeBilling({
    ...deps,
    licensing: createOfflineLicenseService({ signingKeys: signingKeySource({ mode: 'demo' }) }),
    catalog: createCatalogService(deps),
  }).engine;

/** One billing cycle, as the scheduler runs it. */
export const runBillingCycle = (deps: BillingDeps) => testBillingEngine(deps).runCycle();

/** A scheduler's dependencies: the test's, with the engine composed over them. */
export const withBillingEngine = (deps: BillingDeps) => ({
  ...deps,
  engine: testBillingEngine(deps),
});
