import {
  dollarsToMicros,
  type OpsEulaBody,
  OpsMessages,
  type OpsPlanBody,
  type OpsPlanFields,
  type OpsProductBody,
  sortEntitlements,
  toCents,
} from '@store/core';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import type { PlanRow, ProductRow } from './catalog.repository';
import * as repo from './catalog-admin.repository';
import { toPlanDto } from './catalog-dto';

// The one writer of the catalogue (products, pricing plans, EULAs): the operator console, the
// operator's catalog:* commands and catalog:import all come here (docs/decisions/015).
// A plan made unavailable keeps its subscribers (they see it '(Grandfathered)'); a price change
// applies to new purchases at once and to subscriptions at their next renewal, which reads the
// plan's price then (subscription-periods.repository.ts).

/** The plan's columns from the operator's fields (dollars to integer cents and micros). */
export const planValues = (f: OpsPlanFields) => ({
  planName: f.planName,
  description: f.description,
  monthlyFeeCents: toCents(f.monthlyFee),
  isAvailable: f.isAvailable,
  isChargePerReport: f.isChargePerReport,
  isBatchMode: f.isBatchMode,
  baseRtus: f.baseRtus,
  overagePerRtuMicros: dollarsToMicros(f.overagePerRtu),
  numRtusPerReport: f.numRtusPerReport,
  numPagesInBaseReportCharge: f.numPagesInBaseReportCharge,
  numPagesPerRtu: f.numPagesPerRtu,
  numAutoTags: f.numAutoTags,
  xtraAutoTagPerMonthCents: toCents(f.xtraAutoTagPerMonth),
  allowXtraAutoTag: f.allowXtraAutoTag,
  numberCores: f.numberCores,
  numberThreads: f.numberThreads,
  maxReportsDay: f.maxReportsDay,
  sortOrder: f.sortOrder,
  heartbeatWindowDays: f.heartbeatWindowDays,
  seatModel: f.seatModel,
  leaseMinutes: f.leaseMinutes,
  borrowDays: f.borrowDays,
  entitlements: sortEntitlements(f.entitlements),
  trialDays: f.trialDays,
});

/** The operator's fields of a plan (the inverse of planValues): the wire plan's, and two of its own. */
export const planFields = (plan: PlanRow): OpsPlanFields => {
  const { pricingPlanId: _id, product: _flag, productName: _name, ...wire } = toPlanDto(plan, '');
  return {
    ...wire,
    sortOrder: plan.sortOrder,
    heartbeatWindowDays: plan.heartbeatWindowDays,
    seatModel: plan.seatModel as OpsPlanFields['seatModel'],
    leaseMinutes: plan.leaseMinutes,
    borrowDays: plan.borrowDays,
    trialDays: plan.trialDays,
  };
};

async function findProduct(db: DbOrTx, productId: number): Promise<ProductRow> {
  const row = await repo.findProductById(db, productId);
  if (!row) throw notFound(OpsMessages.productNotFound(productId));
  return row;
}

export async function findPlan(db: DbOrTx, planId: number): Promise<PlanRow> {
  const row = await repo.findPlanById(db, planId);
  if (!row) throw notFound(OpsMessages.planNotFound(planId));
  return row;
}

async function refuseTakenProduct(db: DbOrTx, body: OpsProductBody, exceptId: number | null) {
  const others = await repo.productsExcept(db, exceptId);
  if (others.some((p) => p.product === body.product))
    throw conflict(OpsMessages.productFlagTaken(body.product));
  if (others.some((p) => p.name.toLowerCase() === body.name.toLowerCase())) {
    throw conflict(OpsMessages.productNameTaken(body.name));
  }
}

export async function createProduct(db: DbOrTx, body: OpsProductBody): Promise<ProductRow> {
  await refuseTakenProduct(db, body, null);
  return db.transaction(async (tx) => {
    const row = await repo.insertProduct(tx, body);
    await recordAudit(tx, 'product.created', { after: row });
    return row;
  });
}

/** A product's flag may change: its plans follow it, so their subscriptions keep their product. */
export async function updateProduct(
  db: DbOrTx,
  productId: number,
  body: OpsProductBody,
): Promise<ProductRow> {
  const current = await findProduct(db, productId);
  await refuseTakenProduct(db, body, productId);
  return db.transaction(async (tx) => {
    if (current.product !== body.product) await repo.moveProductPlans(tx, current.product, body.product);
    const row = await repo.updateProductRow(tx, productId, body);
    await recordAudit(tx, 'product.updated', { before: current, after: row });
    return row;
  });
}

async function refuseTakenPlanName(db: DbOrTx, body: OpsPlanBody, exceptId: number | null) {
  const product = await repo.findProductByFlag(db, body.product);
  if (!product) throw badRequest(OpsMessages.productFlagUnknown(body.product));
  const same = await repo.plansNamed(db, body.product, body.planName, exceptId);
  if (same.length > 0) throw conflict(OpsMessages.planNameTaken(body.planName));
}

export async function createPlan(db: DbOrTx, body: OpsPlanBody): Promise<PlanRow> {
  await refuseTakenPlanName(db, body, null);
  return db.transaction(async (tx) => {
    const row = await repo.insertPlan(tx, { product: body.product, ...planValues(body) });
    await recordAudit(tx, 'plan.created', { after: row });
    return row;
  });
}

/** Whether these fields change what the plan's subscribers pay: its fee, extra designers or overage. */
export function priceChanged(current: PlanRow, fields: OpsPlanFields): boolean {
  const values = planValues(fields);
  return (
    current.monthlyFeeCents !== values.monthlyFeeCents ||
    current.xtraAutoTagPerMonthCents !== values.xtraAutoTagPerMonthCents ||
    current.overagePerRtuMicros !== values.overagePerRtuMicros
  );
}

/**
 * Saves every field of a plan. Answers how many subscribers take a changed price at their next
 * renewal (0 when the price did not change).
 */
export async function updatePlan(db: DbOrTx, planId: number, body: OpsPlanBody) {
  const current = await findPlan(db, planId);
  await refuseTakenPlanName(db, body, planId);
  const values = { product: body.product, ...planValues(body) };
  const plan = await db.transaction(async (tx) => {
    const saved = await repo.updatePlanRow(tx, planId, values);
    await recordAudit(tx, 'plan.updated', { before: current, after: saved });
    return saved;
  });
  const changed = priceChanged(current, body);
  return { plan, subscribersAtNextRenewal: changed ? await repo.subscriberCount(db, planId) : 0 };
}

/** Only new purchases stop: subscribers keep the plan, shown '(Grandfathered)'. */
export async function setPlanAvailable(db: DbOrTx, planId: number, isAvailable: boolean): Promise<PlanRow> {
  const before = await findPlan(db, planId);
  return db.transaction(async (tx) => {
    const row = await repo.updatePlanRow(tx, planId, { isAvailable });
    await recordAudit(tx, 'plan.updated', { before, after: row });
    return row;
  });
}

/** A PDF must be one; HTML is kept as written and sanitized whenever it is served (eula.ts). */
export async function setEula(db: DbOrTx, productId: number, body: OpsEulaBody): Promise<ProductRow> {
  const before = await findProduct(db, productId);
  let values: Pick<ProductRow, 'eulaPdf' | 'eulaHtml' | 'eulaPdfBase64'>;
  if (body.kind === 'pdf') {
    const head = Buffer.from(body.pdfBase64.slice(0, 12), 'base64').toString('latin1');
    if (!head.startsWith('%PDF-')) throw badRequest(OpsMessages.pdfNotPdf);
    values = { eulaPdf: null, eulaHtml: null, eulaPdfBase64: body.pdfBase64 };
  } else values = { eulaPdf: null, eulaHtml: body.html, eulaPdfBase64: null };
  return db.transaction(async (tx) => {
    const row = await repo.updateProductRow(tx, productId, values);
    // The agreement's text stays out of the log: which kind it became is enough (docs/decisions/017).
    await recordAudit(tx, 'product.updated', {
      before,
      after: { ...row, eula: `new ${body.kind.toUpperCase()}` },
    });
    return row;
  });
}
