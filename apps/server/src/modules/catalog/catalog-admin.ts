import {
  dollarsToMicros,
  type OpsEulaBody,
  OpsMessages,
  type OpsPlanBody,
  type OpsPlanFields,
  type OpsProductBody,
  toCents,
} from '@store/core';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pricingPlans, products, subscriptions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import type { PlanRow, ProductRow } from './catalog.repository';
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
});

/** The operator's fields of a plan (the inverse of planValues): the wire plan's, and two of its own. */
export const planFields = (plan: PlanRow): OpsPlanFields => {
  const { pricingPlanId: _id, product: _flag, productName: _name, ...wire } = toPlanDto(plan, '');
  return { ...wire, sortOrder: plan.sortOrder, heartbeatWindowDays: plan.heartbeatWindowDays };
};

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

async function findProduct(db: DbOrTx, productId: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  if (!row) throw notFound(OpsMessages.productNotFound(productId));
  return row;
}

export async function findPlan(db: DbOrTx, planId: number): Promise<PlanRow> {
  const [row] = await db.select().from(pricingPlans).where(eq(pricingPlans.id, planId));
  if (!row) throw notFound(OpsMessages.planNotFound(planId));
  return row;
}

async function refuseTakenProduct(db: DbOrTx, body: OpsProductBody, exceptId: number | null) {
  const others = await db
    .select()
    .from(products)
    .where(exceptId === null ? undefined : ne(products.id, exceptId));
  if (others.some((p) => p.product === body.product))
    throw conflict(OpsMessages.productFlagTaken(body.product));
  if (others.some((p) => p.name.toLowerCase() === body.name.toLowerCase())) {
    throw conflict(OpsMessages.productNameTaken(body.name));
  }
}

export async function createProduct(db: DbOrTx, body: OpsProductBody): Promise<ProductRow> {
  await refuseTakenProduct(db, body, null);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(products).values(body).returning();
    await recordAudit(tx, 'product.created', { after: row });
    return row!;
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
    if (current.product !== body.product) {
      await tx
        .update(pricingPlans)
        .set({ product: body.product })
        .where(eq(pricingPlans.product, current.product));
    }
    const [row] = await tx.update(products).set(body).where(eq(products.id, productId)).returning();
    await recordAudit(tx, 'product.updated', { before: current, after: row });
    return row!;
  });
}

async function refuseTakenPlanName(db: DbOrTx, body: OpsPlanBody, exceptId: number | null) {
  const [product] = await db.select().from(products).where(eq(products.product, body.product));
  if (!product) throw badRequest(OpsMessages.productFlagUnknown(body.product));
  const same = await db
    .select({ id: pricingPlans.id })
    .from(pricingPlans)
    .where(
      and(
        eq(pricingPlans.product, body.product),
        sql`lower(${pricingPlans.planName}) = lower(${body.planName})`,
        exceptId === null ? undefined : ne(pricingPlans.id, exceptId),
      ),
    );
  if (same.length > 0) throw conflict(OpsMessages.planNameTaken(body.planName));
}

export async function createPlan(db: DbOrTx, body: OpsPlanBody): Promise<PlanRow> {
  await refuseTakenPlanName(db, body, null);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pricingPlans)
      .values({ product: body.product, ...planValues(body) })
      .returning();
    await recordAudit(tx, 'plan.created', { after: row });
    return row!;
  });
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
    const [saved] = await tx.update(pricingPlans).set(values).where(eq(pricingPlans.id, planId)).returning();
    await recordAudit(tx, 'plan.updated', { before: current, after: saved });
    return saved!;
  });
  const priceChanged =
    current.monthlyFeeCents !== values.monthlyFeeCents ||
    current.xtraAutoTagPerMonthCents !== values.xtraAutoTagPerMonthCents ||
    current.overagePerRtuMicros !== values.overagePerRtuMicros;
  return { plan, subscribersAtNextRenewal: priceChanged ? await subscriberCount(db, planId) : 0 };
}

/** Only new purchases stop: subscribers keep the plan, shown '(Grandfathered)'. */
export async function setPlanAvailable(db: DbOrTx, planId: number, isAvailable: boolean): Promise<PlanRow> {
  const before = await findPlan(db, planId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(pricingPlans)
      .set({ isAvailable })
      .where(eq(pricingPlans.id, planId))
      .returning();
    await recordAudit(tx, 'plan.updated', { before, after: row });
    return row!;
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
    const [row] = await tx.update(products).set(values).where(eq(products.id, productId)).returning();
    // The agreement's text stays out of the log: which kind it became is enough (docs/decisions/017).
    await recordAudit(tx, 'product.updated', {
      before,
      after: { ...row, eula: `new ${body.kind.toUpperCase()}` },
    });
    return row!;
  });
}
