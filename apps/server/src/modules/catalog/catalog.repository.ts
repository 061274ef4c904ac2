import { type BillingCycleDiscounts, bpToFraction } from '@store/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pricingPlans, products } from '../../db/schema';
import { readSetting } from '../../lib/settings';

export type PlanRow = typeof pricingPlans.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type PlanWithProduct = { plan: PlanRow; product: ProductRow | null };

export const catalogRepository = {
  listProducts(db: DbOrTx) {
    return db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
  },

  /** Product names in URLs are matched without regard to case: /Products/pro works as /Products/Pro. */
  async findProductByName(db: DbOrTx, name: string): Promise<ProductRow | null> {
    const rows = await db.select().from(products);
    return rows.find((p) => p.name.toLowerCase() === name.toLowerCase()) ?? null;
  },

  /** A product by its flag (digits) or its name, in any letter case. */
  async findProductByFlagOrName(db: DbOrTx, text: string): Promise<ProductRow | null> {
    const [row] = await db
      .select()
      .from(products)
      .where(
        /^\d+$/.test(text)
          ? eq(products.product, Number(text))
          : sql`lower(${products.name}) = lower(${text})`,
      );
    return row ?? null;
  },

  async productNames(db: DbOrTx): Promise<string[]> {
    const rows = await db.select({ name: products.name }).from(products).orderBy(asc(products.sortOrder));
    return rows.map((r) => r.name);
  },

  /** The product's first plan in the catalogue's order, on sale or not. */
  async firstPlanOf(db: DbOrTx, product: number): Promise<PlanRow | null> {
    const [row] = await db
      .select()
      .from(pricingPlans)
      .where(eq(pricingPlans.product, product))
      .orderBy(asc(pricingPlans.sortOrder))
      .limit(1);
    return row ?? null;
  },

  availablePlansOf(db: DbOrTx, product: number) {
    return db
      .select()
      .from(pricingPlans)
      .where(and(eq(pricingPlans.product, product), eq(pricingPlans.isAvailable, true)))
      .orderBy(asc(pricingPlans.sortOrder), asc(pricingPlans.id));
  },

  async findPlans(db: DbOrTx, ids: number[]): Promise<Map<number, PlanWithProduct>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ plan: pricingPlans, product: products })
      .from(pricingPlans)
      .leftJoin(products, eq(products.product, pricingPlans.product))
      .where(inArray(pricingPlans.id, ids));
    return new Map(rows.map((r) => [r.plan.id, r]));
  },

  /** Stored as basis points in settings 'billingCycleDiscounts'; absent means no cycle discount. */
  async cycleDiscounts(db: DbOrTx): Promise<BillingCycleDiscounts> {
    const v =
      (await readSetting<{ yearlyBp?: number; quarterlyBp?: number; monthlyBp?: number }>(
        db,
        'billingCycleDiscounts',
      )) ?? {};
    return {
      yearlyDiscount: bpToFraction(v.yearlyBp ?? 0),
      quarterlyDiscount: bpToFraction(v.quarterlyBp ?? 0),
      monthlyDiscount: bpToFraction(v.monthlyBp ?? 0),
    };
  },
};
