import type { OpsCatalog, OpsPlan, OpsProduct } from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { PlanRow, ProductRow } from './catalog.repository';
import * as repo from './catalog-admin.repository';
import { toPlanDto, toProductDto } from './catalog-dto';

// The catalogue as the operator sees it: every product and plan, unavailable ones too, with the
// number of subscribers on each plan.

export const toOpsPlan = (plan: PlanRow, productName: string, subscribers: number): OpsPlan => ({
  ...toPlanDto(plan, productName),
  sortOrder: plan.sortOrder,
  heartbeatWindowDays: plan.heartbeatWindowDays,
  seatModel: plan.seatModel as OpsPlan['seatModel'],
  leaseMinutes: plan.leaseMinutes,
  borrowDays: plan.borrowDays,
  trialDays: plan.trialDays,
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
  const rows = await repo.productNamesByFlag(db);
  const name = rows.find((r) => r.product === plan.product)?.name ?? '';
  return toOpsPlan(plan, name, await repo.subscriberCount(db, plan.id));
}

export async function opsCatalog(db: DbOrTx): Promise<OpsCatalog> {
  const productRows = await repo.allProducts(db);
  const planRows = await repo.allPlans(db);
  const byPlan = await repo.subscriberCounts(db);
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
  return repo.hasNoProduct(db);
}
