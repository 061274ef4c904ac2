import { addMonthsClamped, BillingMode, joinHosts, productLabel } from '@store/core';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  machineActivations,
  organizations,
  perpetualLicenses,
  persons,
  pricingPlans,
  subscriptions,
} from '../db/schema';
import type { Clock } from '../lib/clock';
import { randomToken } from '../lib/tokens';
import { signLicenseFile } from '../modules/licensing/license-file';
import { signingKeys } from '../modules/licensing/license-keys';
import { DEMO_EMAIL, type DemoOrganizations } from './organizations';

export type DemoSubscriptions = Record<string, number>;

/** An organization of its own for the subscriptions browser tests, which cancel, edit and take rows offline. */
export const QA_COMPANY = 'Subscription QA Ltd.';
export const QA_EMAIL = 'qa.subscriptions@example.com';

export const FLEX_HOSTS = [
  'render-01',
  'render-02',
  'batch-eu-01',
  'batch-us-01',
  'invoices-app',
  'nightly-reports',
];

type SubSeed = Omit<typeof subscriptions.$inferInsert, 'apiKey1' | 'pricingPlanId' | 'currentPeriodStart'> & {
  key: string;
  plan: string;
  /** Whole months since purchase (the paid period is derived from it and the billing mode)... */
  ageMonths: number;
  /** ...plus these days, so that cycles do not all start today. */
  ageDays?: number;
  cancelled?: boolean;
  offline?: { engines: string[]; designers: string[] };
  perpetual?: boolean;
};

const DAY = 86_400_000;

/**
 * Issue 6 demo data: 'Demo Documents Inc.' has a subscription in every state, its sub-account one the
 * parent sees read-only, the perpetual account its licenses, and a separate QA organization rows the
 * browser tests may change. Bulk inserts only: the test app seeds once per test file.
 */
export async function seedDemoSubscriptions(
  db: DbOrTx,
  clock: Clock,
  orgs: DemoOrganizations,
): Promise<DemoSubscriptions> {
  const now = clock.now();
  const plans = await db
    .select({ id: pricingPlans.id, planName: pricingPlans.planName, product: pricingPlans.product })
    .from(pricingPlans);
  const planByName = new Map(plans.map((p) => [p.planName, p]));
  const [hashRow] = await db
    .select({ hash: persons.passwordHash })
    .from(persons)
    .where(eq(persons.email, DEMO_EMAIL))
    .limit(1);

  const [qa] = await db
    .insert(organizations)
    .values({
      companyName: QA_COMPANY,
      addr1: '1 Test Lane',
      city: 'Boston',
      state: 'MA',
      country: 'US',
      zip: '02110',
      billingName: 'Quinn Assurance',
      billingCompany: QA_COMPANY,
      billingAddr1: '1 Test Lane',
      billingCity: 'Boston',
      billingState: 'MA',
      billingCountry: 'US',
      billingZip: '02110',
      gatewayCustomerId: 'cus_sandbox_qa',
      paymentMethodId: 'pm_card_visa',
      cardLastFour: '4242',
      cardExpMonth: 12,
      cardExpYear: 2031,
    })
    .returning({ id: organizations.id });
  await db.insert(persons).values({
    organizationId: qa!.id,
    rights: 3,
    passwordHash: hashRow!.hash,
    firstName: 'Quinn',
    lastName: 'Assurance',
    email: QA_EMAIL,
    emailVerified: true,
  });

  const seeds: SubSeed[] = [
    // Demo Documents Inc.: every state of the screen.
    {
      key: 'proActive',
      organizationId: orgs.demoId,
      plan: 'Pro Business',
      description: 'Production Engines',
      numberMachines: 3,
      xtraAutoTags: 2,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      maxAdditionalMonthlyChargeCents: 0,
      ageMonths: 4,
    },
    {
      key: 'flex',
      organizationId: orgs.demoId,
      plan: 'Flex 25,000',
      description: 'Flex Reporting',
      numberMachines: 0,
      xtraAutoTags: 1,
      billingMode: BillingMode.Monthly,
      maxAdditionalMonthlyChargeCents: 250_00,
      ageMonths: 14,
    },
    {
      key: 'cancelled',
      organizationId: orgs.demoId,
      plan: 'Pro Standard',
      description: 'Legacy Batch Server',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Quarterly,
      billingModeDiscountBp: 500,
      ageMonths: 5,
      cancelled: true,
    },
    {
      key: 'offline',
      organizationId: orgs.demoId,
      plan: 'Pro Standard',
      description: 'Plant Floor (air-gapped)',
      numberMachines: 2,
      xtraAutoTags: 1,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      ageMonths: 2,
      offline: { engines: ['plant-engine-a', 'plant-engine-b'], designers: ['design-ws-01', 'design-ws-02'] },
    },
    {
      key: 'grandfathered',
      organizationId: orgs.demoId,
      plan: 'Pro Classic',
      description: 'Classic Engine',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      maxAdditionalMonthlyChargeCents: 0,
      ageMonths: 30,
    },
    {
      key: 'manager',
      organizationId: orgs.demoId,
      plan: 'Manager Standard',
      description: 'Job Manager',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      ageMonths: 7,
    },
    {
      key: 'artist',
      organizationId: orgs.demoId,
      plan: 'Artist Studio',
      description: 'Template Studio',
      numberMachines: 0,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      maxAdditionalMonthlyChargeCents: 50_00,
      ageMonths: 9,
    },
    // The sub-account's: shown read-only to the parent.
    {
      key: 'europeFlex',
      organizationId: orgs.europeId,
      plan: 'Flex 2,500',
      description: 'Amsterdam Print Hub',
      numberMachines: 0,
      xtraAutoTags: 0,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      maxAdditionalMonthlyChargeCents: 100_00,
      ageMonths: 3,
    },
    // The perpetual account's licenses: never billed, never renewed.
    {
      key: 'perpetualPro',
      organizationId: orgs.perpetualId,
      plan: 'Pro Standard',
      description: 'Print Works Engine',
      numberMachines: 2,
      xtraAutoTags: 0,
      billingMode: BillingMode.NoBill,
      perpetual: true,
      ageMonths: 20,
    },
    {
      key: 'perpetualNet',
      organizationId: orgs.perpetualId,
      plan: '.NET Engine Standard',
      description: 'Invoice Service (.NET)',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.NoBill,
      perpetual: true,
      ageMonths: 11,
    },
    // Reserved for e2e/subscriptions.spec.ts (they change these rows).
    {
      key: 'qaCancel',
      organizationId: qa!.id,
      plan: 'Pro Standard',
      description: 'QA Cancel Me',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      ageMonths: 1,
    },
    {
      key: 'qaOffline',
      organizationId: qa!.id,
      plan: 'Pro Standard',
      description: 'QA Offline Me',
      numberMachines: 2,
      xtraAutoTags: 1,
      billingMode: BillingMode.Annually,
      billingModeDiscountBp: 1000,
      ageMonths: 1,
    },
    {
      key: 'qaEdit',
      organizationId: qa!.id,
      plan: 'Pro Standard',
      description: 'QA Edit Me',
      numberMachines: 1,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      ageMonths: 1,
    },
    {
      key: 'qaFlush',
      organizationId: qa!.id,
      plan: 'Pro Business',
      description: 'QA Flush Me',
      numberMachines: 2,
      xtraAutoTags: 0,
      billingMode: BillingMode.Monthly,
      ageMonths: 1,
    },
  ];

  const rows = seeds.map((seed) => {
    const s = seed;
    const plan = planByName.get(s.plan);
    if (!plan) throw new Error(`Seed plan missing: ${s.plan}`);
    const purchased = new Date(addMonthsClamped(now, -s.ageMonths).getTime() - (s.ageDays ?? 17) * DAY);
    purchased.setUTCDate(Math.min(purchased.getUTCDate(), 28));
    const anchorDay = purchased.getUTCDate();
    const months =
      s.billingMode === BillingMode.Quarterly ? 3 : s.billingMode === BillingMode.Annually ? 12 : 1;
    let periodStart = purchased;
    let nextBase: Date | null = null;
    let nextOverage: Date | null = null;
    if (!s.perpetual) {
      // Walk forward from the purchase to the paid period that contains today.
      let cycles = 0;
      while (addMonthsClamped(purchased, months * (cycles + 1), anchorDay).getTime() <= now.getTime())
        cycles++;
      periodStart = addMonthsClamped(purchased, months * cycles, anchorDay);
      nextBase = addMonthsClamped(purchased, months * (cycles + 1), anchorDay);
      let m = 1;
      while (addMonthsClamped(purchased, m, anchorDay).getTime() <= now.getTime()) m++;
      nextOverage = addMonthsClamped(purchased, m, anchorDay);
    }
    const {
      key: _key,
      plan: _plan,
      ageMonths: _age,
      ageDays: _days,
      cancelled,
      offline,
      perpetual,
      ...columns
    } = s;
    return {
      ...columns,
      pricingPlanId: plan.id,
      apiKey1: randomToken(24),
      currentPeriodStart: periodStart,
      nextBaseBillingDate: nextBase,
      nextOverageBillingDate: nextOverage,
      anchorDay,
      isPerpetualLicense: Boolean(perpetual),
      deactivateDate: cancelled ? nextBase : null,
      isOfflineEnabled: Boolean(offline),
      offlineEngineHosts: offline ? joinHosts(offline.engines) : null,
      offlineAutoTagHosts: offline ? joinHosts(offline.designers) : null,
      createdAt: purchased,
    };
  });
  const inserted = await db.insert(subscriptions).values(rows).returning({ id: subscriptions.id });
  const ids: DemoSubscriptions = {};
  seeds.forEach((s, i) => {
    ids[s.key] = inserted[i]!.id;
  });
  ids.qaOrganizationId = qa!.id;

  // The offline subscription's signed license file, as Enable Offline would have issued it.
  const offlineIndex = seeds.findIndex((s) => s.key === 'offline');
  const offlineSeed = seeds[offlineIndex] as SubSeed & {
    offline: { engines: string[]; designers: string[] };
  };
  const offlineRow = rows[offlineIndex]!;
  const keys = await signingKeys(db);
  const offlinePlan = planByName.get(offlineSeed.plan)!;
  const file = signLicenseFile(
    {
      licenseId: ids.offline! + 50_000,
      subscriptionId: ids.offline!,
      description: offlineRow.description,
      product: offlinePlan.product,
      productName: productLabel(offlinePlan.product),
      plan: offlinePlan.planName,
      engineHosts: offlineSeed.offline.engines,
      designerHosts: offlineSeed.offline.designers,
      issued: new Date(now.getTime() - 20 * DAY).toISOString(),
      expiry: new Date(offlineRow.nextBaseBillingDate!.getTime() + 14 * DAY).toISOString(),
    },
    keys.privateKey,
  );
  await db.update(subscriptions).set({ offlineLicenseKey: file }).where(eq(subscriptions.id, ids.offline!));

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  await db.insert(machineActivations).values([
    ...['prod-engine-01', 'prod-engine-02', 'prod-engine-03'].map((h, i) => ({
      subscriptionId: ids.proActive!,
      kind: 'engine',
      hostname: h,
      activatedAt: at(100 - i),
    })),
    ...['dana-laptop', 'omar-workstation'].map((h, i) => ({
      subscriptionId: ids.proActive!,
      kind: 'designer',
      hostname: h,
      activatedAt: at(90 - i),
    })),
    { subscriptionId: ids.grandfathered!, kind: 'engine', hostname: 'classic-01', activatedAt: at(400) },
    ...['qa-engine-1', 'qa-engine-2'].map((h) => ({
      subscriptionId: ids.qaFlush!,
      kind: 'engine',
      hostname: h,
      activatedAt: at(5),
    })),
  ]);

  await db.insert(perpetualLicenses).values([
    {
      subscriptionId: ids.perpetualPro!,
      description: 'Pro 2024 perpetual license',
      version: '2024.2',
      product: planByName.get('Pro Standard')!.product,
      numMachines: 2,
      numCpus: 8,
    },
    {
      subscriptionId: ids.perpetualNet!,
      description: '.NET Engine 2025 perpetual license',
      version: '2025.1',
      product: planByName.get('.NET Engine Standard')!.product,
      numMachines: 1,
      numCpus: 4,
    },
  ]);

  await seedFlexUsage(db, ids.flex!, now, 48_000);
  await seedFlexUsage(db, ids.europeFlex!, now, 4_000, ['ams-render-01', 'ams-render-02']);
  return ids;
}

/**
 * A year of usage for several hosts: daily rollups computed in SQL (weekday dips, growth over the
 * year, a host that joined later), plus the raw reports of the last two days rolled up the same way
 * the licensing API does. accruedRtusThisMonth is then the current cycle's total from the rollups.
 */
async function seedFlexUsage(
  db: DbOrTx,
  subscriptionId: number,
  now: Date,
  monthlyTarget: number,
  hosts = FLEX_HOSTS,
) {
  const today = now.toISOString().slice(0, 10);
  const perHostDay = Math.max(1, Math.round(monthlyTarget / 30 / hosts.length));
  const hostList = sql.raw(`ARRAY[${hosts.map((h) => `'${h}'`).join(',')}]`);
  await db.execute(sql`
    INSERT INTO usage_rollups (subscription_id, hostname, day, pages)
    SELECT ${subscriptionId}, h.hostname, d::date,
      greatest(0, round(${perHostDay}::numeric
        * (0.55 + 0.45 * (365 - (${today}::date - d::date)) / 365.0)
        * (CASE WHEN extract(isodow FROM d) >= 6 THEN 0.25 ELSE 1 END)
        * (0.6 + h.idx * 0.18)
        * (0.8 + ((extract(doy FROM d)::int * 7919 + h.idx * 104729) % 400) / 1000.0)))::bigint
    FROM generate_series(${today}::date - 364, ${today}::date - 2, interval '1 day') AS d,
         unnest(${hostList}) WITH ORDINALITY AS h(hostname, idx)
    WHERE NOT (h.idx = ${hosts.length} AND d < ${today}::date - 120)
  `);
  await db.execute(sql`
    INSERT INTO usage_reports (subscription_id, transaction_id, hostname, pages, reported_at)
    SELECT ${subscriptionId}, 'seed-' || ${subscriptionId} || '-' || h.hostname || '-' || n, h.hostname,
           1 + ((n * 37 + h.idx * 11) % ${Math.max(2, Math.round((perHostDay * 2) / 120))}),
           ${today}::date - 1 + (n * interval '22 minutes')
    FROM generate_series(0, 119) AS n, unnest(${hostList}) WITH ORDINALITY AS h(hostname, idx)
  `);
  await db.execute(sql`
    INSERT INTO usage_rollups (subscription_id, hostname, day, pages)
    SELECT subscription_id, hostname, (reported_at AT TIME ZONE 'UTC')::date, sum(pages)
    FROM usage_reports WHERE subscription_id = ${subscriptionId}
    GROUP BY subscription_id, hostname, (reported_at AT TIME ZONE 'UTC')::date
    ON CONFLICT (subscription_id, day, hostname) DO UPDATE SET pages = usage_rollups.pages + excluded.pages
  `);
  // This cycle's usage so far; what the plan includes counts as billed (the renewal billed the base).
  await db.execute(sql`
    UPDATE subscriptions s SET
      accrued_rtus_this_month = u.total,
      billed_rtus_this_month = least(u.total, p.base_rtus)
    FROM pricing_plans p,
      (SELECT coalesce(sum(pages), 0) AS total FROM usage_rollups r, subscriptions s2
        WHERE r.subscription_id = ${subscriptionId} AND s2.id = ${subscriptionId}
          AND r.day >= (s2.next_overage_billing_date - interval '1 month')::date) u
    WHERE s.id = ${subscriptionId} AND p.id = s.pricing_plan_id
  `);
}
