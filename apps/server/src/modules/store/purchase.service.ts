import { createHash } from 'node:crypto';
import {
  addMonthsClamped,
  BillingMode,
  BillStatus,
  cycleDiscountBp,
  descriptionOrPlaceholder,
  formatUsd,
  fromCents,
  isProPlan,
  Messages,
  machinesFor,
  monthsPerCycle,
  type PurchaseItem,
  type PurchaseResult,
  pricePerCycleCents,
  Store,
  toCents,
} from '@store/core';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { orderLines, orders, organizations, subscriptions } from '../../db/schema';
import type { ChargeResult, PaymentGateway } from '../../gateway/payment-gateway';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, HttpError } from '../../lib/http-error';
import { randomToken } from '../../lib/tokens';
import { billedToOf } from '../billing/billed-to';
import { catalogRepository } from '../catalog/catalog.repository';
import type { OrganizationRow } from '../identity/session.service';
import { type OrderRow, purchaseRepository as repo } from './purchase.repository';

export interface PurchaseDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
}

/** One item as the server priced it; stored on the order so a crash can be settled with the same figures. */
export interface PricedItem {
  description: string;
  pricingPlanId: number;
  planName: string;
  productName: string;
  maxAdditionalMonthlyChargeCents: number;
  xtraAutoTags: number;
  numberMachines: number;
  billingMode: number;
  cycleDiscountBp: number;
  listCents: number;
  amountCents: number;
}

interface StoredRequest {
  items: PurchaseItem[];
  priced: PricedItem[];
  orgDiscountBp: number;
}

/** How long a repeated request waits for the first one with its key before answering 409. */
const REPLAY_WAIT_MS = 10_000;
/** A pending purchase older than this is settled by asking the gateway (DESIGN.md §3). */
const SETTLE_AFTER_MS = 60_000;
/** A pending purchase the gateway never saw is given up after this long. */
const ABANDON_AFTER_MS = 15 * 60_000;

export const DECLINED_STATUS = BillStatus.UnPaid;
const ABANDONED_MESSAGE = 'The payment was not completed. Nothing was charged; please try again.';
const GATEWAY_UNAVAILABLE =
  'We could not reach the card processor. Your order is pending and will be confirmed shortly; it will not be charged twice.';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const gatewayKeyOf = (orderId: number) => `order-${orderId}`;

export function requestHash(items: PurchaseItem[]): string {
  return createHash('sha256').update(JSON.stringify(items)).digest('hex');
}

/** Re-prices every item from the catalogue (the client's prices are never trusted) and applies the rules of DESIGN.md §2. */
async function priceItems(db: DbOrTx, org: OrganizationRow, items: PurchaseItem[]): Promise<PricedItem[]> {
  const plans = await catalogRepository.findPlans(db, [...new Set(items.map((i) => i.pricingPlanId))]);
  const discounts = await catalogRepository.cycleDiscounts(db);
  return items.map((item, index) => {
    const at = items.length > 1 ? `Item ${index + 1}: ` : '';
    const found = plans.get(item.pricingPlanId);
    if (!found?.product)
      throw badRequest(`${at}Pricing plan ${item.pricingPlanId} does not exist.`, 'UNKNOWN_PLAN');
    const { plan, product } = found;
    if (!plan.isAvailable || !product.isAvailable) {
      throw badRequest(`${at}The plan '${plan.planName}' is no longer offered.`, 'PLAN_UNAVAILABLE');
    }
    if (item.billingMode === BillingMode.Monthly && !org.allowMonthly)
      throw badRequest(at + Store.monthlyNotAllowed, 'MONTHLY_NOT_ALLOWED');
    if (isProPlan(plan) && item.numberMachines < 1) throw badRequest(at + Messages.enginesMinimum);
    if (!plan.allowXtraAutoTag && item.xtraAutoTags > 0) {
      throw badRequest(`${at}The plan '${plan.planName}' does not offer additional designers.`);
    }
    const pricing = {
      product: plan.product,
      monthlyFeeCents: plan.monthlyFeeCents,
      xtraAutoTagPerMonthCents: plan.xtraAutoTagPerMonthCents,
    };
    const numberMachines = machinesFor(plan, item.numberMachines);
    const cycleBp = cycleDiscountBp(item.billingMode, discounts);
    const base = {
      plan: pricing,
      numberMachines,
      xtraAutoTags: item.xtraAutoTags,
      billingMode: item.billingMode,
    };
    return {
      description: descriptionOrPlaceholder(item.description),
      pricingPlanId: plan.id,
      planName: plan.planName,
      productName: product.title,
      maxAdditionalMonthlyChargeCents: toCents(item.maxAdditionalMonthlyCharge),
      xtraAutoTags: item.xtraAutoTags,
      numberMachines,
      billingMode: item.billingMode,
      cycleDiscountBp: cycleBp,
      listCents: pricePerCycleCents({ ...base, cycleDiscountBp: 0, orgDiscountBp: 0 }),
      amountCents: pricePerCycleCents({ ...base, cycleDiscountBp: cycleBp, orgDiscountBp: org.discountBp }),
    };
  });
}

/** Step (3): the subscriptions and the bill's lines, inside the caller's transaction. */
async function createSubscriptions(tx: Tx, order: OrderRow, stored: StoredRequest): Promise<void> {
  const start = order.billingDate;
  const anchorDay = start.getUTCDate();
  const rows = stored.priced.map((item) => ({
    organizationId: order.organizationId,
    pricingPlanId: item.pricingPlanId,
    description: item.description,
    maxAdditionalMonthlyChargeCents: item.maxAdditionalMonthlyChargeCents,
    xtraAutoTags: item.xtraAutoTags,
    numberMachines: item.numberMachines,
    billingMode: item.billingMode,
    billingModeDiscountBp: item.cycleDiscountBp,
    isActive: true,
    apiKey1: randomToken(),
    currentPeriodStart: start,
    nextBaseBillingDate: addMonthsClamped(start, monthsPerCycle(item.billingMode), anchorDay),
    nextOverageBillingDate: addMonthsClamped(start, 1, anchorDay),
    anchorDay,
    version: 1,
  }));
  const created = await tx.insert(subscriptions).values(rows).returning({ id: subscriptions.id });
  await tx.insert(orderLines).values(
    stored.priced.map((item, i) => ({
      orderId: order.id,
      subscriptionId: created[i]!.id,
      description: item.description,
      productName: item.productName,
      planName: item.planName,
      billingMode: item.billingMode,
      periodStart: start,
      periodEnd: rows[i]!.nextBaseBillingDate,
      listCents: item.listCents,
      discountCents: item.listCents - item.amountCents,
      amountCents: item.amountCents,
    })),
  );
}

async function completeOrder(
  { db, clock }: PurchaseDeps,
  orderId: number,
  chargeId: string | null,
): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order || order.status !== BillStatus.ChargePending) return order;
    await createSubscriptions(tx, order, order.request as StoredRequest);
    const [paid] = await tx
      .update(orders)
      .set({ status: BillStatus.ChargePaid, paidAt: clock.now(), attempts: order.attempts + 1 })
      .where(eq(orders.id, orderId))
      .returning();
    await repo.finishAttempt(tx, gatewayKeyOf(orderId), { status: 'succeeded', gatewayChargeId: chargeId });
    return paid ?? null;
  });
}

async function failOrder(
  { db }: PurchaseDeps,
  orderId: number,
  message: string,
  attemptStatus: string,
): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order || order.status !== BillStatus.ChargePending) return order;
    const [failed] = await tx
      .update(orders)
      .set({ status: DECLINED_STATUS, failureMessage: message, attempts: order.attempts + 1 })
      .where(eq(orders.id, orderId))
      .returning();
    await repo.finishAttempt(tx, gatewayKeyOf(orderId), { status: attemptStatus, message });
    return failed ?? null;
  });
}

/** Step (3) for a known gateway outcome: paid with subscriptions, or failed with the gateway's message. */
function settleWith(
  deps: PurchaseDeps,
  order: OrderRow,
  outcome: ChargeResult,
  attemptStatus = 'declined',
): Promise<OrderRow | null> {
  return outcome.status === 'succeeded'
    ? completeOrder(deps, order.id, outcome.chargeId)
    : failOrder(deps, order.id, outcome.message, attemptStatus);
}

export function createPurchaseService(deps: PurchaseDeps) {
  const { db, clock, gateway } = deps;

  async function resultOf(order: OrderRow): Promise<PurchaseResult> {
    if (order.status === DECLINED_STATUS) {
      throw new HttpError(402, order.failureMessage ?? 'Your card was declined.', 'CARD_DECLINED');
    }
    return {
      orderId: order.id,
      status: order.status,
      total: fromCents(order.totalCents),
      subscriptions: await repo.subscriptionsOf(db, order.id),
    };
  }

  /** Same key + same body → the first result (waiting briefly while it is in flight); another body → 409. */
  async function replay(organizationId: number, key: string, hash: string): Promise<PurchaseResult> {
    const deadline = Date.now() + REPLAY_WAIT_MS;
    for (;;) {
      const order = await repo.findByKey(db, organizationId, key);
      if (!order) throw conflict(Store.purchaseInProgress, 'PURCHASE_IN_PROGRESS');
      if (order.requestHash !== hash) throw conflict(Store.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
      if (order.status !== BillStatus.ChargePending) return resultOf(order);
      if (Date.now() >= deadline) throw conflict(Store.purchaseInProgress, 'PURCHASE_IN_PROGRESS');
      await sleep(100);
    }
  }

  return {
    /**
     * POST /api/subscription/new (DESIGN.md §3): (1) the pending order, (2) the charge with the
     * order's own gateway key and no database lock held, (3) paid, subscriptions and lines.
     */
    async purchase(
      organizationId: number,
      items: PurchaseItem[],
      options: { idempotencyKey: string | null; expectedTotalCents: number | null },
    ): Promise<PurchaseResult> {
      const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
      if (!org) throw badRequest('Your organization no longer exists.');
      if (!org.billedByInvoice && !org.paymentMethodId)
        throw badRequest(Store.billingInfoRequired, 'BILLING_INFO_REQUIRED');

      const hash = requestHash(items);
      const key = options.idempotencyKey ?? `generated-${randomToken(16)}`;
      if (options.idempotencyKey && (await repo.findByKey(db, org.id, key))) return replay(org.id, key, hash);

      const priced = await priceItems(db, org, items);
      const totalCents = priced.reduce((sum, item) => sum + item.amountCents, 0);
      if (options.expectedTotalCents !== null && options.expectedTotalCents !== totalCents) {
        throw conflict(Store.totalChanged(formatUsd(totalCents)), 'TOTAL_CHANGED', {
          total: fromCents(totalCents),
          totalCents,
        });
      }

      const now = clock.now();
      const stored: StoredRequest = { items, priced, orgDiscountBp: org.discountBp };
      const common = {
        organizationId: org.id,
        kind: 'purchase',
        totalCents,
        billingDate: now,
        idempotencyKey: key,
        requestHash: hash,
        request: stored,
        billedTo: billedToOf(org),
      };

      // Invoice-billed organizations (and a fully discounted order) owe nothing now: one transaction.
      if (org.billedByInvoice || totalCents === 0) {
        const done = await db.transaction(async (tx) => {
          const order = await repo.insertPending(tx, {
            ...common,
            status: org.billedByInvoice ? BillStatus.OfflineInvoice : BillStatus.ChargePaid,
            dueDate: org.billedByInvoice ? new Date(now.getTime() + 14 * 86_400_000) : null,
            paidAt: org.billedByInvoice ? null : now,
          });
          if (order) await createSubscriptions(tx, order, stored);
          return order;
        });
        return done ? resultOf(done) : replay(org.id, key, hash);
      }

      // (1)
      const order = await db.transaction(async (tx) => {
        const inserted = await repo.insertPending(tx, { ...common, status: BillStatus.ChargePending });
        if (inserted) {
          await repo.recordAttempt(tx, {
            orderId: inserted.id,
            gatewayKey: gatewayKeyOf(inserted.id),
            amountCents: totalCents,
            status: 'started',
            createdAt: now,
          });
        }
        return inserted;
      });
      if (!order) return replay(org.id, key, hash);

      // (2)
      let outcome: ChargeResult;
      try {
        outcome = await gateway.charge({
          customerId: org.gatewayCustomerId ?? '',
          paymentMethodId: org.paymentMethodId!,
          amountCents: totalCents,
          idempotencyKey: gatewayKeyOf(order.id),
          description: `Order ${order.id}: ${priced.length} ${priced.length === 1 ? 'subscription' : 'subscriptions'}`,
        });
      } catch {
        // Unknown outcome: the order stays pending and settlePendingPurchases asks the gateway later.
        throw new HttpError(502, GATEWAY_UNAVAILABLE, 'GATEWAY_UNAVAILABLE');
      }

      // (3)
      const settled = await settleWith(deps, order, outcome);
      if (!settled) throw new HttpError(500, 'The order disappeared while it was being paid.');
      return resultOf(settled);
    },
  };
}

/**
 * Settles purchases left pending by a crash between the charge and step (3): the gateway knows what
 * became of `order-<id>`. The billing scheduler calls this every tick; it is safe to run anywhere, any
 * number of times (each order is completed under its row lock, once).
 */
export async function settlePendingPurchases(
  deps: PurchaseDeps,
): Promise<{ completed: number; failed: number }> {
  const now = deps.clock.now();
  const pending = await repo.pendingPurchasesBefore(
    deps.db,
    BillStatus.ChargePending,
    new Date(now.getTime() - SETTLE_AFTER_MS),
  );
  let completed = 0;
  let failed = 0;
  for (const order of pending) {
    let outcome: ChargeResult | null;
    try {
      outcome = await deps.gateway.findCharge(gatewayKeyOf(order.id));
    } catch {
      continue;
    }
    const settled = outcome
      ? await settleWith(deps, order, outcome)
      : now.getTime() - order.billingDate.getTime() > ABANDON_AFTER_MS
        ? await settleWith(
            deps,
            order,
            { status: 'declined', code: 'abandoned', message: ABANDONED_MESSAGE },
            'error',
          )
        : null;
    if (settled?.status === BillStatus.ChargePaid) completed++;
    else if (settled?.status === DECLINED_STATUS) failed++;
  }
  return { completed, failed };
}
