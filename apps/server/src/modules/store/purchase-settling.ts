import { addMonthsClamped, monthsPerCycle, purchaseAttemptKey, trialEndsAt } from '@store/core';
import type { Db, Tx } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import type { Clock } from '../../lib/clock';
import { randomToken } from '../../lib/tokens';
import type { BillingLogger } from '../bills';
import { addBillLines, type FinalOutcome, settleCardBill, settlePendingCardBills } from '../bills';
import { redemptionOfOrder, releaseRedemption } from '../promotions';
import { createSubscriptions, releaseTrials } from '../subscriptions';
import type { StoredRequest } from './purchase-pricing';

export interface PurchaseDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  logger?: BillingLogger;
}

/** Step (3): the subscriptions and the bill's lines, inside the caller's transaction. */
export async function createPurchasedSubscriptions(
  tx: Tx,
  order: OrderRow,
  stored: StoredRequest,
): Promise<void> {
  const start = order.billingDate;
  const anchorDay = start.getUTCDate();
  // Each item the code applied to remembers the redemption, its first cycle discounted (docs/decisions/041).
  const redemptionId = stored.priced.some((item) => item.promotionCode)
    ? await redemptionOfOrder(tx, order.id)
    : null;
  const rows = stored.priced.map((item) => {
    // A trial's first paid period starts at the trial's end and keeps that day (docs/decisions/043);
    // no month of usage closes before it, so the conversion is the subscription's first renewal.
    const trialEnd = item.trialDays ? trialEndsAt(start, item.trialDays) : null;
    const periodFrom = trialEnd ?? start;
    const anchor = trialEnd ? trialEnd.getUTCDate() : anchorDay;
    return {
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
      nextBaseBillingDate: trialEnd ?? addMonthsClamped(start, monthsPerCycle(item.billingMode), anchor),
      nextOverageBillingDate: addMonthsClamped(periodFrom, 1, anchor),
      anchorDay: anchor,
      version: 1,
      promotionRedemptionId: item.promotionCode ? redemptionId : null,
      promotionCyclesUsed: item.promotionCode ? 1 : 0,
      trialEndsAt: trialEnd,
    };
  });
  const created = await createSubscriptions(tx, rows);
  await addBillLines(
    tx,
    order.id,
    stored.priced.map((item, i) => ({
      subscriptionId: created[i]!,
      description: item.description,
      productName: item.productName,
      planName: item.planName,
      billingMode: item.billingMode,
      periodStart: start,
      periodEnd: rows[i]!.nextBaseBillingDate,
      listCents: item.listCents,
      discountCents: item.listCents - item.amountCents - (item.promotionCents ?? 0),
      amountCents: item.amountCents,
      promotionCode: item.promotionCode ?? null,
      promotionCents: item.promotionCents ?? 0,
    })),
  );
}

/** Step (3) for a known gateway outcome: paid with subscriptions, or refused with the gateway's message. */
export function settlePurchase(
  { db, clock }: PurchaseDeps,
  order: OrderRow,
  outcome: FinalOutcome,
  attemptStatus: 'declined' | 'error' = 'declined',
): Promise<OrderRow | null> {
  return db.transaction((tx) =>
    settleCardBill(
      tx,
      order.id,
      purchaseAttemptKey(order.id),
      outcome,
      clock.now(),
      {
        onPaid: (locked) => createPurchasedSubscriptions(tx, locked, locked.request as StoredRequest),
        // Nothing was bought: the code's redemption and the trials are given back for another try.
        onRefused: async (locked) => {
          await releaseRedemption(tx, locked.id);
          await releaseTrials(tx, locked.id);
        },
      },
      attemptStatus,
    ),
  );
}

/**
 * Settles purchases left pending by a crash or an unanswered gateway call between the charge and
 * step (3): the gateway knows what became of the order's key. The billing scheduler calls this
 * every tick; each order is settled under its row lock, once.
 */
export async function settlePendingPurchases(
  deps: PurchaseDeps,
): Promise<{ completed: number; failed: number }> {
  const { paid, voided } = await settlePendingCardBills(
    deps,
    'purchase',
    purchaseAttemptKey,
    (order, _key, found) => settlePurchase(deps, order, found.outcome, found.attemptStatus),
  );
  return { completed: paid, failed: voided };
}
