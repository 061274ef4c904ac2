import { addMonthsClamped, BillingMode, joinHosts, Rights } from '@store/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { machineActivations, organizations, persons, pricingPlans } from '../db/schema';
import type { Clock } from '../lib/clock';
import { randomToken } from '../lib/tokens';
import type { OfflineLicenseService } from '../modules/licensing';
import {
  findSubscription,
  importPerpetualLicenses,
  importSubscriptions,
  recordOfflineLicense,
} from '../modules/subscriptions';
import { seedFlexUsage } from './flex-usage';
import { DEMO_EMAIL, type DemoOrganizations } from './organizations';
import { demoSubscriptionSeeds, type SubSeed } from './subscription-seeds';

export type DemoSubscriptions = Record<string, number>;

/** An organization of its own for the subscriptions browser tests, which cancel, edit and take rows offline. */
export const QA_COMPANY = 'Subscription QA Ltd.';
export const QA_EMAIL = 'qa.subscriptions@example.com';

const DAY = 86_400_000;

/**
 * Demo data: 'Demo Documents Inc.' has a subscription in every state, its sub-account one the
 * parent sees read-only, the perpetual account its licenses, and a separate QA organization rows the
 * browser tests may change. Bulk inserts only: the test app seeds once per test file.
 */
export async function seedDemoSubscriptions(
  db: DbOrTx,
  clock: Clock,
  orgs: DemoOrganizations,
  licensing: Pick<OfflineLicenseService, 'issueOfflineLicense'>,
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
      cardBrand: 'visa',
    })
    .returning({ id: organizations.id });
  await db.insert(persons).values({
    organizationId: qa!.id,
    rights: Rights.User | Rights.Admin,
    passwordHash: hashRow!.hash,
    firstName: 'Quinn',
    lastName: 'Assurance',
    email: QA_EMAIL,
    emailVerified: true,
  });

  const seeds = demoSubscriptionSeeds(orgs, qa!.id);

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
  const inserted = await importSubscriptions(db, rows);
  const ids: DemoSubscriptions = {};
  seeds.forEach((s, i) => {
    ids[s.key] = inserted[i]!;
  });
  ids.qaOrganizationId = qa!.id;

  // The offline subscription's signed license file, as Enable Offline would have issued it.
  const offlineSeed = seeds.find((s) => s.key === 'offline') as SubSeed & {
    offline: { engines: string[]; designers: string[] };
  };
  const file = await licensing.issueOfflineLicense(
    db,
    (await findSubscription(db, ids.offline!))!,
    { engineHosts: offlineSeed.offline.engines, designerHosts: offlineSeed.offline.designers },
    new Date(now.getTime() - 20 * DAY),
  );
  await recordOfflineLicense(db, ids.offline!, file);

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  // Machines with the last signs of life engines leave (docs/design.md §5): most recent, one of the
  // QA organization's silent past the heartbeat window, so its seat shows as released. Each row: kind,
  // host name, days since activation, days since last seen.
  const machinesOf = (subscriptionId: number, list: Array<[string, string, number, number]>) =>
    list.map(([kind, hostname, activated, seen]) => ({
      subscriptionId,
      kind,
      hostname,
      activatedAt: at(activated),
      lastSeenAt: at(seen),
    }));
  await db.insert(machineActivations).values([
    ...machinesOf(ids.proActive!, [
      ['engine', 'prod-engine-01', 100, 0.003],
      ['engine', 'prod-engine-02', 99, 0.05],
      ['engine', 'prod-engine-03', 98, 2],
      ['designer', 'dana-laptop', 90, 0.02],
      ['designer', 'omar-workstation', 89, 3],
    ]),
    ...machinesOf(ids.grandfathered!, [['engine', 'classic-01', 400, 0.1]]),
    ...machinesOf(ids.qaFlush!, [
      ['engine', 'qa-engine-1', 5, 0.1],
      ['engine', 'qa-engine-2', 5, 0.1],
    ]),
    ...machinesOf(ids.qaMachines!, [
      ['engine', 'qa-machines-engine-1', 20, 0.01],
      ['engine', 'qa-machines-engine-2', 20, 1],
      ['engine', 'qa-machines-old', 60, 12],
      ['designer', 'qa-machines-designer', 20, 0.5],
    ]),
  ]);

  await importPerpetualLicenses(db, [
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
