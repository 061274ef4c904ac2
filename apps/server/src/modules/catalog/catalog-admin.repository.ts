import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { pricingPlans, products, subscriptions } from '../../db/schema';
import type { PlanRow, ProductRow } from './catalog.repository';

// SQL of the catalogue's one writer (catalog-admin.ts, catalog-file.ts) and of the operator's view of it.

export type NewProduct = typeof products.$inferInsert;
export type NewPlan = typeof pricingPlans.$inferInsert;

/** Active subscriptions (perpetual licenses aside) on the plan: they renew at its price. */
export async function subscriberCount(db: DbOrTx, planId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.isActive, true),
        eq(subscriptions.isPerpetualLicense, false),
        sql`COALESCE(${subscriptions.pendingPricingPlanId}, ${subscriptions.pricingPlanId}) = ${planId}`,
      ),
    );
  return row?.n ?? 0;
}

/** Subscribers per plan, as subscriberCount counts them, for every plan at once. */
export async function subscriberCounts(db: DbOrTx): Promise<Map<number, number>> {
  const counts = await queryRows<{ plan_id: number; n: number }>(
    db,
    sql`SELECT COALESCE(pending_pricing_plan_id, pricing_plan_id) AS plan_id, count(*)::int AS n
      FROM subscriptions WHERE is_active AND NOT is_perpetual_license GROUP BY 1`,
  );
  return new Map(counts.map((c) => [Number(c.plan_id), Number(c.n)]));
}

export async function findProductById(db: DbOrTx, productId: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  return row ?? null;
}

export async function findProductByFlag(db: DbOrTx, product: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.product, product));
  return row ?? null;
}

export async function findPlanById(db: DbOrTx, planId: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(pricingPlans).where(eq(pricingPlans.id, planId));
  return row ?? null;
}

/** Every product but the one named. */
export function productsExcept(db: DbOrTx, exceptId: number | null) {
  return db
    .select()
    .from(products)
    .where(exceptId === null ? undefined : ne(products.id, exceptId));
}

/** The ids of the product's plans with this name in any letter case, but the one named. */
export function plansNamed(db: DbOrTx, product: number, planName: string, exceptId: number | null) {
  return db
    .select({ id: pricingPlans.id })
    .from(pricingPlans)
    .where(
      and(
        eq(pricingPlans.product, product),
        sql`lower(${pricingPlans.planName}) = lower(${planName})`,
        exceptId === null ? undefined : ne(pricingPlans.id, exceptId),
      ),
    );
}

/** The product's plan with exactly this name (the catalogue file's key of a plan). */
export async function findPlanByName(db: DbOrTx, product: number, planName: string) {
  const [row] = await db
    .select({ id: pricingPlans.id })
    .from(pricingPlans)
    .where(and(eq(pricingPlans.product, product), eq(pricingPlans.planName, planName)));
  return row ?? null;
}

export async function insertProduct(tx: DbOrTx, values: NewProduct): Promise<ProductRow> {
  const [row] = await tx.insert(products).values(values).returning();
  return row!;
}

export async function updateProductRow(tx: DbOrTx, productId: number, values: Partial<NewProduct>) {
  const [row] = await tx.update(products).set(values).where(eq(products.id, productId)).returning();
  return row!;
}

/** A product's flag changed: its plans follow it, so their subscriptions keep their product. */
export async function moveProductPlans(tx: DbOrTx, from: number, to: number) {
  await tx.update(pricingPlans).set({ product: to }).where(eq(pricingPlans.product, from));
}

export async function insertPlan(tx: DbOrTx, values: NewPlan): Promise<PlanRow> {
  const [row] = await tx.insert(pricingPlans).values(values).returning();
  return row!;
}

export async function updatePlanRow(tx: DbOrTx, planId: number, values: Partial<NewPlan>): Promise<PlanRow> {
  const [row] = await tx.update(pricingPlans).set(values).where(eq(pricingPlans.id, planId)).returning();
  return row!;
}

export function allProducts(db: DbOrTx) {
  return db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
}

export function allPlans(db: DbOrTx) {
  return db.select().from(pricingPlans).orderBy(asc(pricingPlans.sortOrder), asc(pricingPlans.id));
}

/** Each product's flag and name. */
export function productNamesByFlag(db: DbOrTx) {
  return db.select({ name: products.name, product: products.product }).from(products);
}

export async function hasNoProduct(db: DbOrTx): Promise<boolean> {
  return (await db.select({ id: products.id }).from(products).limit(1)).length === 0;
}
