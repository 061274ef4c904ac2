import type { OpsCatalog, OpsPlan, OpsProduct } from '@store/core';
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { pricingPlans, products } from '../../db/schema';
import type { PlanRow, ProductRow } from './catalog.repository';
import { subscriberCount } from './catalog-admin';
import { toPlanDto, toProductDto } from './catalog-dto';

// The catalogue as the operator sees it: every product and plan, unavailable ones too, with the
// number of subscribers on each plan.

export const toOpsPlan = (plan: PlanRow, productName: string, subscribers: number): OpsPlan => ({
  ...toPlanDto(plan, productName),
  sortOrder: plan.sortOrder,
  heartbeatWindowDays: plan.heartbeatWindowDays,
  subscriberCount: subscribers,
});

export const toOpsProduct = (p: ProductRow, plans: OpsPlan[]): OpsProduct => ({
  ...toProductDto(p),
  productId: p.id,
  sortOrder: p.sortOrder,
  eula: p.eulaPdfBase64 || p.eulaPdf ? 'pdf' : p.eulaHtml ? 'html' : null,
  plans,
});

export async function opsPlan(db: DbOrTx, plan: PlanRow): Promise<OpsPlan> {
  const rows = await db.select({ name: products.name, product: products.product }).from(products);
  const name = rows.find((r) => r.product === plan.product)?.name ?? '';
  return toOpsPlan(plan, name, await subscriberCount(db, plan.id));
}

export async function opsCatalog(db: DbOrTx): Promise<OpsCatalog> {
  const productRows = await db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
  const planRows = await db
    .select()
    .from(pricingPlans)
    .orderBy(asc(pricingPlans.sortOrder), asc(pricingPlans.id));
  const counts = await queryRows<{ plan_id: number; n: number }>(
    db,
    sql`SELECT COALESCE(pending_pricing_plan_id, pricing_plan_id) AS plan_id, count(*)::int AS n
      FROM subscriptions WHERE is_active AND NOT is_perpetual_license GROUP BY 1`,
  );
  const byPlan = new Map(counts.map((c) => [Number(c.plan_id), Number(c.n)]));
  return {
    products: productRows.map((p) =>
      toOpsProduct(
        p,
        planRows
          .filter((plan) => plan.product === p.product)
          .map((plan) => toOpsPlan(plan, p.name, byPlan.get(plan.id) ?? 0)),
      ),
    ),
  };
}

/** Production starts without a catalogue (docs/decisions/015): the start-up log says so. */
export async function catalogIsEmpty(db: DbOrTx): Promise<boolean> {
  return (await db.select({ id: products.id }).from(products).limit(1)).length === 0;
}
