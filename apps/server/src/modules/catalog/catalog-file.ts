import { bpToFraction, type CatalogFile, CatalogFileSchema, fractionToBp } from '@store/core';
import type { DbOrTx } from '../../db/client';
import { readSetting, writeSetting } from '../../lib/settings';
import { planFields, planValues } from './catalog-admin';
import * as repo from './catalog-admin.repository';

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
      const existing = await repo.findProductByFlag(tx, product.product);
      if (existing) {
        await repo.updateProductRow(tx, existing.id, values);
        result.productsUpdated += 1;
      } else {
        await repo.insertProduct(tx, values);
        result.productsAdded += 1;
      }
      for (const plan of plans) {
        const same = await repo.findPlanByName(tx, product.product, plan.planName);
        const row = { product: product.product, ...planValues(plan) };
        if (same) {
          await repo.updatePlanRow(tx, same.id, row);
          result.plansUpdated += 1;
        } else {
          await repo.insertPlan(tx, row);
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
  const productRows = await repo.allProducts(db);
  const planRows = await repo.allPlans(db);
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
