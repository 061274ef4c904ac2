import {
  type BillingCycleDiscounts,
  bpToFraction,
  fromCents,
  microsToDollars,
  type PricingPlan,
  type Product,
} from '@store/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pricingPlans, products, settings } from '../../db/schema';

export type PlanRow = typeof pricingPlans.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type PlanWithProduct = { plan: PlanRow; product: ProductRow | null };

/** The wire plan of spec §3 (core's PricingPlanSchema): dollars, plus the product's route name. */
export function toPlanDto(plan: PlanRow, productName: string): PricingPlan {
  return {
    pricingPlanId: plan.id,
    product: plan.product,
    productName,
    planName: plan.planName,
    monthlyFee: fromCents(plan.monthlyFeeCents),
    isAvailable: plan.isAvailable,
    isChargePerReport: plan.isChargePerReport,
    isBatchMode: plan.isBatchMode,
    baseRtus: plan.baseRtus,
    overagePerRtu: microsToDollars(plan.overagePerRtuMicros),
    numRtusPerReport: plan.numRtusPerReport,
    numPagesInBaseReportCharge: plan.numPagesInBaseReportCharge,
    numPagesPerRtu: plan.numPagesPerRtu,
    numAutoTags: plan.numAutoTags,
    xtraAutoTagPerMonth: fromCents(plan.xtraAutoTagPerMonthCents),
    allowXtraAutoTag: plan.allowXtraAutoTag,
    numberCores: plan.numberCores,
    numberThreads: plan.numberThreads,
    maxReportsDay: plan.maxReportsDay,
    description: plan.description,
  };
}

export function toProductDto(p: ProductRow): Product {
  return {
    product: p.product,
    productName: p.name,
    title: p.title,
    description: p.description,
    isAvailable: p.isAvailable,
  };
}

export const catalogRepository = {
  listProducts(db: DbOrTx) {
    return db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
  },

  /** Product names in URLs are matched without regard to case: /Products/pro works as /Products/Pro. */
  async findProductByName(db: DbOrTx, name: string): Promise<ProductRow | null> {
    const rows = await db.select().from(products);
    return rows.find((p) => p.name.toLowerCase() === name.toLowerCase()) ?? null;
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
    const [row] = await db.select().from(settings).where(eq(settings.key, 'billingCycleDiscounts'));
    const v = (row?.value ?? {}) as { yearlyBp?: number; quarterlyBp?: number; monthlyBp?: number };
    return {
      yearlyDiscount: bpToFraction(v.yearlyBp ?? 0),
      quarterlyDiscount: bpToFraction(v.quarterlyBp ?? 0),
      monthlyDiscount: bpToFraction(v.monthlyBp ?? 0),
    };
  },
};
