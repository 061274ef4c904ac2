import { addMonthsClamped, BillingMode, isProPlan, monthsPerCycle, Rights } from '@store/core';
import type { Db } from '../../../apps/server/src/db/client';
import { organizations, persons } from '../../../apps/server/src/db/schema';
import { randomToken } from '../../../apps/server/src/lib/tokens';
import { addPerpetualLicense } from '../../../apps/server/src/modules/subscriptions/perpetual-licenses';
import { insertSubscriptions } from '../../../apps/server/src/modules/subscriptions/subscriptions.repository';
import { fixtureAddressColumns } from '../../../apps/server/test/support/fixture-address';
import type { SimulationClock } from './clock';
import {
  type OrgKind,
  type PlanInfo,
  pick,
  type Query,
  type SimModel,
  type SimOrg,
  type SimSub,
} from './model';

// The store on the simulation's first day, written straight into the database for speed (a purchase
// through the API per subscription would take most of the run): organizations of every kind with an
// admin each, and subscriptions of every product, cycle and plan kind, each in its first paid period
// as a purchase leaves it, through the subscriptions module's own insert. Perpetual licenses go
// through the operator's service. What happens after day one goes through the API and the jobs.

const SUBS_PER_ORG = 10;
/** Share of organizations by kind; the rest pay by card. */
const KINDS: [OrgKind, number][] = [
  ['invoice', 0.1],
  ['sub-account', 0.08],
  ['perpetual', 0.04],
];
/** Subscriptions bought on the 1st of a month: the busiest renewal day. */
const FIRST_OF_MONTH = 0.25;
const METERED_SHARE = 0.03;
const NO_CAP_CENTS = 100_000_000;

/** The plans a customer may buy. */
export async function loadPlans(q: Query): Promise<PlanInfo[]> {
  const rows = await q<Record<string, unknown>>(
    `SELECT p.id, p.plan_name, pr.name AS product_name, p.product, p.base_rtus, p.overage_per_rtu_micros,
       p.monthly_fee_cents, p.allow_xtra_auto_tag
     FROM pricing_plans p JOIN products pr ON pr.product = p.product WHERE p.is_available`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.plan_name),
    productName: String(r.product_name),
    product: Number(r.product),
    baseRtus: Number(r.base_rtus),
    overagePerRtuMicros: Number(r.overage_per_rtu_micros),
    monthlyFeeCents: Number(r.monthly_fee_cents),
    allowXtraAutoTag: Boolean(r.allow_xtra_auto_tag),
  }));
}

const kindOf = (random: () => number): OrgKind => {
  let x = random();
  for (const [kind, share] of KINDS) {
    if (x < share) return kind;
    x -= share;
  }
  return 'card';
};

export async function seedStore(
  db: Db,
  q: Query,
  clock: SimulationClock,
  opts: { subscriptions: number; random: () => number },
): Promise<SimModel> {
  const { random } = opts;
  const plans = await loadPlans(q);
  const start = clock.now();
  const orgCount = Math.max(8, Math.ceil(opts.subscriptions / SUBS_PER_ORG));
  const orgs: SimOrg[] = [];
  const parents: number[] = [];
  for (let i = 0; i < orgCount; i += 1) {
    const kind = i < 4 ? (['card', 'invoice', 'sub-account', 'perpetual'] as const)[i]! : kindOf(random);
    const name = `Year Co. ${i + 1}`;
    const card = kind === 'card' || kind === 'sub-account';
    const [org] = await db
      .insert(organizations)
      .values({
        companyName: name,
        parentOrganizationId: kind === 'sub-account' && parents.length > 0 ? pick(random, parents) : null,
        discountBp: pick(random, [0, 0, 500, 1000]),
        billedByInvoice: kind === 'invoice',
        isPerpetualAccount: kind === 'perpetual',
        ...fixtureAddressColumns(name),
        gatewayCustomerId: card ? `cus_sandbox_${randomToken(6)}` : null,
        paymentMethodId: card ? 'pm_card_visa' : null,
        cardLastFour: card ? '4242' : null,
      })
      .returning({ id: organizations.id });
    const adminEmail = `admin-${org!.id}@year.example.com`;
    const [admin] = await db
      .insert(persons)
      .values({
        organizationId: org!.id,
        rights: Rights.User | Rights.Admin,
        passwordHash: 'signs in through a session the simulation issues',
        firstName: 'Ada',
        lastName: `Admin ${org!.id}`,
        email: adminEmail,
        emailVerified: true,
      })
      .returning({ id: persons.id });
    if (kind === 'card') parents.push(org!.id);
    orgs.push({ id: org!.id, kind, adminPersonId: admin!.id, adminEmail, declining: false });
  }

  const subs: SimSub[] = [];
  const metered = plans.filter((p) => p.baseRtus > 0);
  const billed = orgs.filter((o) => o.kind !== 'perpetual');
  const rows = [];
  for (let i = 0; i < opts.subscriptions; i += 1) {
    const org = billed[i % billed.length]!;
    const isMetered = org.kind === 'card' && random() < METERED_SHARE;
    const plan = isMetered ? pick(random, metered) : pick(random, plans);
    const mode = isMetered ? BillingMode.Monthly : pick(random, [1, 2, 3] as const);
    const months = monthsPerCycle(mode);
    // Bought within the cycle before day one, at noon; a quarter of them on the 1st of a month.
    let bought = addMonthsClamped(start, -months, undefined);
    bought = new Date(bought.getTime() + Math.floor(random() * (start.getTime() - bought.getTime())));
    if (random() < FIRST_OF_MONTH) bought.setUTCDate(1);
    bought.setUTCHours(12, 0, 0, 0);
    if (bought >= start) bought = new Date(bought.getTime() - 86_400_000 * 28);
    const anchorDay = bought.getUTCDate();
    let nextOverage = addMonthsClamped(bought, 1, anchorDay);
    while (nextOverage <= start) nextOverage = addMonthsClamped(nextOverage, 1, anchorDay);
    rows.push({
      organizationId: org.id,
      pricingPlanId: plan.id,
      description: `Subscription ${i + 1}`,
      billingMode: mode,
      billingModeDiscountBp: mode === 3 ? 1000 : mode === 2 ? 500 : 0,
      numberMachines: isProPlan(plan) ? 1 + Math.floor(random() * 3) : 0,
      xtraAutoTags: plan.allowXtraAutoTag ? Math.floor(random() * 3) : 0,
      maxAdditionalMonthlyChargeCents: isMetered ? NO_CAP_CENTS : pick(random, [0, 5_000, 50_000]),
      apiKey1: randomToken(24),
      currentPeriodStart: bought,
      nextBaseBillingDate: addMonthsClamped(bought, months, anchorDay),
      nextOverageBillingDate: nextOverage,
      anchorDay,
      metered: isMetered,
    });
  }
  for (let from = 0; from < rows.length; from += 2_000) {
    const chunk = rows.slice(from, from + 2_000);
    const ids = await insertSubscriptions(
      db,
      chunk.map(({ metered: _, ...row }) => row),
    );
    chunk.forEach((row, j) => {
      subs.push({
        id: ids[j]!,
        orgId: row.organizationId,
        licenseKey: row.apiKey1,
        metered: row.metered,
        cancelled: false,
        planHistory: [{ from: 0, planId: row.pricingPlanId }],
        ...(row.metered
          ? { firstOverageEnd: row.nextOverageBillingDate.getTime(), anchorDay: row.anchorDay }
          : {}),
      });
    });
  }
  for (const org of orgs.filter((o) => o.kind === 'perpetual')) {
    const planId = pick(random, plans).id;
    const plan = await db.query.pricingPlans.findFirst({ where: (p, { eq }) => eq(p.id, planId) });
    await addPerpetualLicense(db, clock, {
      organizationId: org.id,
      plan: plan!,
      description: `Perpetual ${org.id}`,
      version: '2026.1',
      machines: 2,
      cpus: 8,
    });
  }
  return { orgs, subs, plans };
}
