import { bpToFraction, type CatalogFile, CatalogFileSchema, fractionToBp } from '@store/core';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pricingPlans, products } from '../../db/schema';
import { readSetting, writeSetting } from '../../lib/settings';
import { planFields, planValues } from './catalog-admin';

// The catalogue as a file (catalog:import / catalog:export, the demo's assets/demo-catalog.json):
// validated by core's CatalogFileSchema, written through the same plan rules as the console.

const DISCOUNTS_KEY = 'billingCycleDiscounts';

export interface ImportResult {
  productsAdded: number;
  productsUpdated: number;
  plansAdded: number;
  plansUpdated: number;
}

/**
 * Adds or updates products (by flag) and their plans (by product and name). Nothing is deleted:
 * a plan absent from the file stays as it is, because subscriptions may be on it. One transaction.
 */
export async function importCatalog(db: DbOrTx, input: unknown): Promise<ImportResult> {
  const file = CatalogFileSchema.parse(input);
  const result: ImportResult = { productsAdded: 0, productsUpdated: 0, plansAdded: 0, plansUpdated: 0 };
  await db.transaction(async (tx) => {
    for (const { plans, ...product } of file.products) {
      const values = {
        ...product,
        eulaPdf: product.eulaPdf ?? null,
        eulaHtml: product.eulaHtml ?? null,
        eulaPdfBase64: product.eulaPdfBase64 ?? null,
      };
      const [existing] = await tx.select().from(products).where(eq(products.product, product.product));
      if (existing) {
        await tx.update(products).set(values).where(eq(products.id, existing.id));
        result.productsUpdated += 1;
      } else {
        await tx.insert(products).values(values);
        result.productsAdded += 1;
      }
      for (const plan of plans) {
        const [same] = await tx
          .select({ id: pricingPlans.id })
          .from(pricingPlans)
          .where(and(eq(pricingPlans.product, product.product), eq(pricingPlans.planName, plan.planName)));
        const row = { product: product.product, ...planValues(plan) };
        if (same) {
          await tx.update(pricingPlans).set(row).where(eq(pricingPlans.id, same.id));
          result.plansUpdated += 1;
        } else {
          await tx.insert(pricingPlans).values(row);
          result.plansAdded += 1;
        }
      }
    }
    if (file.billingCycleDiscounts) {
      const d = file.billingCycleDiscounts;
      const value = {
        yearlyBp: fractionToBp(d.yearlyDiscount),
        quarterlyBp: fractionToBp(d.quarterlyDiscount),
        monthlyBp: fractionToBp(d.monthlyDiscount),
      };
      await writeSetting(tx, DISCOUNTS_KEY, value);
    }
  });
  return result;
}

/** The whole catalogue as a file that catalog:import reads back. */
export async function exportCatalog(db: DbOrTx): Promise<CatalogFile> {
  const productRows = await db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
  const planRows = await db
    .select()
    .from(pricingPlans)
    .orderBy(asc(pricingPlans.sortOrder), asc(pricingPlans.id));
  const d = await readSetting<{ yearlyBp: number; quarterlyBp: number; monthlyBp: number }>(
    db,
    DISCOUNTS_KEY,
  );
  return {
    ...(d
      ? {
          billingCycleDiscounts: {
            yearlyDiscount: bpToFraction(d.yearlyBp),
            quarterlyDiscount: bpToFraction(d.quarterlyBp),
            monthlyDiscount: bpToFraction(d.monthlyBp),
          },
        }
      : {}),
    products: productRows.map((p) => ({
      product: p.product,
      name: p.name,
      title: p.title,
      description: p.description,
      isAvailable: p.isAvailable,
      sortOrder: p.sortOrder,
      eulaPdf: p.eulaPdf,
      eulaHtml: p.eulaHtml,
      eulaPdfBase64: p.eulaPdfBase64,
      plans: planRows.filter((plan) => plan.product === p.product).map(planFields),
    })),
  };
}
