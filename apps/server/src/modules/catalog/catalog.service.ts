import type { OpsEulaBody, OpsPlanBody, OpsProductBody } from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { type PlanRow, catalogRepository as repo } from './catalog.repository';
import {
  createPlan,
  createProduct,
  findPlan,
  setEula,
  setPlanAvailable,
  updatePlan,
  updateProduct,
} from './catalog-admin';
import { subscriberCount } from './catalog-admin.repository';
import { exportCatalog, importCatalog } from './catalog-file';
import { catalogIsEmpty, opsCatalog, opsPlan } from './catalog-overview';

/**
 * The catalogue: what the store shows and prices from, and the operator's changes to it (the console,
 * the operator's catalog:* commands and catalog:import alike). Reads that belong to a caller's
 * transaction take it.
 */
export function createCatalogService({ db }: Pick<AppDeps, 'db'>) {
  return {
    listProducts: () => repo.listProducts(db),
    findProductByName: (name: string) => repo.findProductByName(db, name),
    availablePlansOf: (product: number) => repo.availablePlansOf(db, product),
    findProductByFlagOrName: (text: string) => repo.findProductByFlagOrName(db, text),
    productNames: () => repo.productNames(db),
    firstPlanOf: (product: number) => repo.firstPlanOf(db, product),
    findPlans: (ids: number[], tx: DbOrTx = db) => repo.findPlans(tx, ids),
    cycleDiscounts: (tx: DbOrTx = db) => repo.cycleDiscounts(tx),

    /** Production starts without a catalogue (docs/decisions/015): the start-up log says so. */
    isEmpty: () => catalogIsEmpty(db),
    /** Every product and plan as the operator sees them, unavailable ones too, with subscribers. */
    overview: () => opsCatalog(db),
    planOverview: (plan: PlanRow) => opsPlan(db, plan),
    /** Subscribers of a plan (404 for no such plan). */
    async subscribersOf(planId: number) {
      await findPlan(db, planId);
      return subscriberCount(db, planId);
    },
    createProduct: (body: OpsProductBody) => createProduct(db, body),
    updateProduct: (productId: number, body: OpsProductBody) => updateProduct(db, productId, body),
    setEula: (productId: number, body: OpsEulaBody) => setEula(db, productId, body),
    createPlan: (body: OpsPlanBody, tx: DbOrTx = db) => createPlan(tx, body),
    updatePlan: (planId: number, body: OpsPlanBody, tx: DbOrTx = db) => updatePlan(tx, planId, body),
    setPlanAvailable: (planId: number, isAvailable: boolean) => setPlanAvailable(db, planId, isAvailable),
    findPlan: (planId: number) => findPlan(db, planId),
    importCatalog: (input: unknown) => importCatalog(db, input),
    exportCatalog: () => exportCatalog(db),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
