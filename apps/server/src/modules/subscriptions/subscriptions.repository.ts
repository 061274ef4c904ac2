import { billedRtusAtMonthStart } from '@store/core';
import { and, asc, eq, inArray, or, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  type NewPerpetualLicense,
  type NewSubscription,
  type OrganizationRow,
  organizations,
  type PlanRow,
  perpetualLicenses,
  pricingPlans,
  products,
  promotionCodes,
  promotionRedemptions,
  type SubscriptionRow,
  subscriptions,
} from '../../db/schema';

export type { OrganizationRow, PlanRow, SubscriptionRow } from '../../db/schema';

export interface SubscriptionRecord {
  subscription: SubscriptionRow;
  plan: PlanRow;
  productName: string;
  owner: Pick<
    OrganizationRow,
    | 'id'
    | 'companyName'
    | 'discountBp'
    | 'parentOrganizationId'
    | 'paymentMethodId'
    | 'gatewayCustomerId'
    | 'billedByInvoice'
  >;
  pendingPlanName: string | null;
  /** The promotion code it was bought with (docs/decisions/041), or all null. */
  promotion: {
    code: string | null;
    percentBp: number | null;
    amountOffCents: number | null;
    cycles: number | null;
  };
}

const pendingPlans = alias(pricingPlans, 'pending_plans');

const recordColumns = {
  subscription: subscriptions,
  plan: pricingPlans,
  productName: products.name,
  owner: {
    id: organizations.id,
    companyName: organizations.companyName,
    discountBp: organizations.discountBp,
    parentOrganizationId: organizations.parentOrganizationId,
    paymentMethodId: organizations.paymentMethodId,
    gatewayCustomerId: organizations.gatewayCustomerId,
    billedByInvoice: organizations.billedByInvoice,
  },
  pendingPlanName: pendingPlans.planName,
  promotion: {
    code: promotionCodes.code,
    percentBp: promotionCodes.percentBp,
    amountOffCents: promotionCodes.amountOffCents,
    cycles: promotionCodes.durationCycles,
  },
};

function baseQuery(db: DbOrTx) {
  return db
    .select(recordColumns)
    .from(subscriptions)
    .innerJoin(pricingPlans, eq(pricingPlans.id, subscriptions.pricingPlanId))
    .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
    .leftJoin(products, eq(products.product, pricingPlans.product))
    .leftJoin(pendingPlans, eq(pendingPlans.id, subscriptions.pendingPricingPlanId))
    .leftJoin(promotionRedemptions, eq(promotionRedemptions.id, subscriptions.promotionRedemptionId))
    .leftJoin(promotionCodes, eq(promotionCodes.id, promotionRedemptions.promotionCodeId));
}

/** Own organization's and its sub-accounts' subscriptions, never a parent's (docs/design.md §2). */
const visibleTo = (organizationId: number | Placeholder) =>
  or(eq(organizations.id, organizationId), eq(organizations.parentOrganizationId, organizationId));

/** A query built and prepared once per database handle: drizzle would build it again on every call. */
function preparedPerHandle<Q>(prepare: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const prepared = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}

/** The signed-in home's read, on every visit. */
const listVisibleQuery = preparedPerHandle((db) => {
  const organizationId = sql.placeholder('organizationId');
  return baseQuery(db)
    .where(visibleTo(organizationId))
    .orderBy(
      // The caller's own first, then each sub-account's; newest purchases last, as bought.
      sql`(${organizations.id} <> ${organizationId})`,
      asc(organizations.companyName),
      asc(subscriptions.id),
    )
    .prepare('subscriptions_visible');
});

export async function listVisible(db: DbOrTx, organizationId: number): Promise<SubscriptionRecord[]> {
  const rows = await listVisibleQuery(db).execute({ organizationId });
  return rows.map(normalize);
}

/** Every subscription screen's read (detail, usage, editor). */
const findVisibleQuery = preparedPerHandle((db) =>
  baseQuery(db)
    .where(and(eq(subscriptions.id, sql.placeholder('id')), visibleTo(sql.placeholder('organizationId'))))
    .limit(1)
    .prepare('subscription_visible'),
);

export async function findVisible(
  db: DbOrTx,
  id: number,
  organizationId: number,
): Promise<SubscriptionRecord | null> {
  const rows = await findVisibleQuery(db).execute({ id, organizationId });
  return rows[0] ? normalize(rows[0]) : null;
}

export async function findById(db: DbOrTx, id: number): Promise<SubscriptionRecord | null> {
  const rows = await baseQuery(db).where(eq(subscriptions.id, id)).limit(1);
  return rows[0] ? normalize(rows[0]) : null;
}

/** These subscriptions with their plans and owners, by id (what their webhook events carry). */
export async function findByIds(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, SubscriptionRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await baseQuery(db).where(inArray(subscriptions.id, [...ids]));
  return new Map(rows.map((r) => [r.subscription.id, normalize(r)]));
}

/** Every licensing call's read (validate, activate, heartbeat, usage). */
const findByLicenseKeyQuery = preparedPerHandle((db) =>
  baseQuery(db)
    .where(eq(subscriptions.apiKey1, sql.placeholder('licenseKey')))
    .limit(1)
    .prepare('subscription_by_license_key'),
);

export async function findByLicenseKey(db: DbOrTx, licenseKey: string): Promise<SubscriptionRecord | null> {
  const rows = await findByLicenseKeyQuery(db).execute({ licenseKey });
  return rows[0] ? normalize(rows[0]) : null;
}

function normalize(row: {
  subscription: SubscriptionRow;
  plan: PlanRow;
  productName: string | null;
  owner: SubscriptionRecord['owner'];
  pendingPlanName: string | null;
  promotion: SubscriptionRecord['promotion'] | null;
}): SubscriptionRecord {
  // A left-joined group that found nothing comes back as null.
  const promotion = row.promotion ?? { code: null, percentBp: null, amountOffCents: null, cycles: null };
  return { ...row, productName: row.productName ?? '', promotion };
}

export async function findOrganization(db: DbOrTx, id: number): Promise<OrganizationRow | null> {
  const rows = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return rows[0] ?? null;
}

/** New subscriptions (a paid checkout, the operator's perpetual license, the demo), in the caller's transaction. */
export async function insertSubscriptions(tx: DbOrTx, rows: NewSubscription[]): Promise<number[]> {
  if (rows.length === 0) return [];
  // docs/design.md §3: the first month of usage starts with the RTUs the plan fee paid for as billed.
  const plans = await tx
    .select({ id: pricingPlans.id, baseRtus: pricingPlans.baseRtus })
    .from(pricingPlans)
    .where(inArray(pricingPlans.id, [...new Set(rows.map((r) => r.pricingPlanId))]));
  const baseOf = (planId: number) => plans.find((p) => p.id === planId)?.baseRtus ?? 0;
  const values = rows.map((r) => ({
    ...r,
    billedRtusThisMonth:
      r.billedRtusThisMonth ??
      billedRtusAtMonthStart({
        annualUsageReset: r.annualUsageReset ?? false,
        baseRtus: baseOf(r.pricingPlanId),
      }),
  }));
  const created = await tx.insert(subscriptions).values(values).returning({ id: subscriptions.id });
  return created.map((r) => r.id);
}

/** Writes a locked subscription's columns (the caller holds the row lock and moves `version` as needed). */
export async function updateSubscription(tx: DbOrTx, id: number, values: Partial<NewSubscription>) {
  await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id));
}

/** Records a subscription's new offline license file; its owner, or null when there is no such subscription. */
export async function setOfflineLicense(tx: DbOrTx, id: number, file: string): Promise<number | null> {
  const [row] = await tx
    .update(subscriptions)
    .set({ offlineLicenseKey: file })
    .where(eq(subscriptions.id, id))
    .returning({ organizationId: subscriptions.organizationId });
  return row?.organizationId ?? null;
}

/** Subscription writes lock the row, so a save, a cancel and a renewal never interleave (docs/design.md §3). */
export async function lockSubscription(tx: DbOrTx, id: number): Promise<SubscriptionRow | null> {
  const rows = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return rows[0] ?? null;
}

export async function plansOfProduct(
  db: DbOrTx,
  product: number,
): Promise<(PlanRow & { productName: string })[]> {
  const rows = await db
    .select({ plan: pricingPlans, productName: products.name })
    .from(pricingPlans)
    .leftJoin(products, eq(products.product, pricingPlans.product))
    .where(eq(pricingPlans.product, product))
    .orderBy(asc(pricingPlans.sortOrder), asc(pricingPlans.id));
  return rows.map((r) => ({ ...r.plan, productName: r.productName ?? '' }));
}

export async function findPlan(db: DbOrTx, id: number): Promise<PlanRow | null> {
  const rows = await db.select().from(pricingPlans).where(eq(pricingPlans.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findPerpetualLicense(db: DbOrTx, subscriptionId: number) {
  const rows = await db
    .select()
    .from(perpetualLicenses)
    .where(eq(perpetualLicenses.subscriptionId, subscriptionId))
    .limit(1);
  return rows[0] ?? null;
}

/** The perpetual license a perpetual subscription stands for (the operator's tool, the demo). */
export async function insertPerpetualLicenses(tx: DbOrTx, rows: NewPerpetualLicense[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(perpetualLicenses).values(rows);
}

export async function findSubAccount(db: DbOrTx, organizationId: number, parentId: number) {
  const rows = await db
    .select({ id: organizations.id, companyName: organizations.companyName })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.parentOrganizationId, parentId)))
    .limit(1);
  return rows[0] ?? null;
}
