import {
  BillStatus,
  billedToOf,
  cartTotalCents,
  dueDateOf,
  formatUsd,
  fromCents,
  initialBillStatus,
  PromotionMessages,
  type PurchaseItem,
  type PurchaseResult,
  purchaseAttemptKey,
  Store,
  TrialMessages,
} from '@store/core';
import type { Tx } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { badRequest, DomainError } from '../../lib/domain-error';
import { randomToken } from '../../lib/tokens';
import {
  announceBills,
  chargeCard,
  createBill,
  type FinalOutcome,
  findBillByKey,
  openCardBill,
  subscriptionsOfBill,
  waitingAuthentication,
} from '../bills';
import type { CatalogService } from '../catalog';
import { redeemPromotion, type UsablePromotion, usablePromotion } from '../promotions';
import { startTrials, trialedPlans } from '../subscriptions';
import { findBuyer } from './purchase.repository';
import {
  priceItems,
  requestHash,
  type StoredRequest,
  totalWithoutTrials,
  withPromotion,
} from './purchase-pricing';
import {
  createPurchasedSubscriptions,
  type PurchaseDeps,
  settlePendingPurchases,
  settlePurchase,
} from './purchase-settling';

export type { PurchaseDeps } from './purchase-settling';

/** How long a repeated request waits for the first one with its key before answering 409. */
const REPLAY_WAIT_MS = 10_000;

const GATEWAY_UNAVAILABLE =
  'We could not reach the card processor. Your order is pending and will be confirmed shortly; it will not be charged twice.';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const isRefusal = (e: unknown): e is DomainError =>
  e instanceof DomainError && e.code === 'PROMOTION_REFUSED';

/** What the code took off an order's charge, read from the request stored with it. */
function promotionOf(order: OrderRow): Pick<PurchaseResult, 'promotion'> {
  const stored = order.request as StoredRequest | null;
  if (!stored?.promotion) return {};
  const discountCents = stored.priced.reduce((sum, item) => sum + (item.promotionCents ?? 0), 0);
  return {
    promotion: {
      code: stored.promotion.code,
      description: stored.promotion.description,
      discount: fromCents(discountCents),
      discountCents,
    },
  };
}

/** A 409 with the new total; naming the plan whose trial the organization has already had, if that is why. */
const totalChanged = (totalCents: number, trialedPlanName?: string) =>
  new DomainError(
    'TOTAL_CHANGED',
    trialedPlanName
      ? TrialMessages.alreadyTrialed(trialedPlanName, formatUsd(totalCents))
      : Store.totalChanged(formatUsd(totalCents)),
    { extra: { total: fromCents(totalCents), totalCents } },
  );

/** The catalogue prices every item again: the client's prices are never trusted. */
type PurchaseServiceDeps = PurchaseDeps & { catalog: Pick<CatalogService, 'findPlans' | 'cycleDiscounts'> };

export function createPurchaseService(deps: PurchaseServiceDeps) {
  const { db, clock } = deps;

  async function resultOf(order: OrderRow): Promise<PurchaseResult> {
    if (order.status === BillStatus.UnPaid) {
      throw new DomainError('CARD_DECLINED', order.failureMessage ?? 'Your card was declined.');
    }
    return {
      orderId: order.id,
      status: order.status,
      total: fromCents(order.totalCents),
      subscriptions: await subscriptionsOfBill(db, order.id),
      ...promotionOf(order),
    };
  }

  /** A pending order whose charge waits for the customer's authentication (docs/decisions/024). */
  const waitingFor = (order: OrderRow, clientSecret: string): PurchaseResult => ({
    orderId: order.id,
    status: order.status,
    total: fromCents(order.totalCents),
    subscriptions: [],
    authentication: { provider: deps.gateway.kind, clientSecret, orderId: order.id },
  });

  /** Same key + same body → the first result (waiting briefly while it is in flight); another body → 409. */
  async function replay(organizationId: number, key: string, hash: string): Promise<PurchaseResult> {
    const deadline = Date.now() + REPLAY_WAIT_MS;
    for (;;) {
      const order = await findBillByKey(db, organizationId, key);
      if (!order) throw new DomainError('PURCHASE_IN_PROGRESS', Store.purchaseInProgress);
      if (order.requestHash !== hash)
        throw new DomainError('IDEMPOTENCY_KEY_REUSED', Store.idempotencyKeyReused);
      if (order.status !== BillStatus.ChargePending) return resultOf(order);
      // Waiting for the customer's authentication: the retry is shown the same challenge.
      const clientSecret = await waitingAuthentication(deps, purchaseAttemptKey(order.id));
      if (clientSecret) return waitingFor(order, clientSecret);
      if (Date.now() >= deadline) throw new DomainError('PURCHASE_IN_PROGRESS', Store.purchaseInProgress);
      await sleep(100);
    }
  }

  return {
    /**
     * POST /api/subscription/new (docs/design.md §3): (1) the pending order, (2) the charge with the
     * order's own gateway key and no database lock held, (3) paid, subscriptions and lines.
     */
    async purchase(
      organizationId: number,
      items: PurchaseItem[],
      options: {
        idempotencyKey: string | null;
        expectedTotalCents: number | null;
        /** Normalized (upper-case) by the route; redeemed with the order or the purchase is refused. */
        promotionCode?: string | null;
      },
    ): Promise<PurchaseResult> {
      const org = await findBuyer(db, organizationId);
      if (!org) throw badRequest('Your organization no longer exists.');

      const code = options.promotionCode ?? null;
      const hash = requestHash(items, code);
      const key = options.idempotencyKey ?? `generated-${randomToken(16)}`;
      if (options.idempotencyKey && (await findBillByKey(db, org.id, key))) return replay(org.id, key, hash);

      const trialed = await trialedPlans(db, org.id);
      const listed = await priceItems(deps.catalog, org, items, trialed);
      // A cart of trials only charges nothing now: no card is asked for (docs/decisions/043). Without
      // one on file, each trial ends at its end instead of converting.
      if (!org.billedByInvoice && !org.paymentMethodId && !listed.every((item) => item.trialDays))
        throw new DomainError('BILLING_INFO_REQUIRED', Store.billingInfoRequired);
      // A code that cannot be used refuses the purchase with the total without it: nothing is charged
      // until the customer confirms that total (docs/decisions/041).
      const notRedeemed = (refusal: DomainError) => {
        const withoutCode = cartTotalCents(listed.map((item) => item.amountCents));
        return new DomainError(
          'PROMOTION_NOT_REDEEMED',
          PromotionMessages.notRedeemed(refusal.message, formatUsd(withoutCode)),
          { extra: { total: fromCents(withoutCode), totalCents: withoutCode } },
        );
      };
      let promotion: UsablePromotion | null = null;
      if (code !== null) {
        promotion = await usablePromotion(
          db,
          code,
          org.id,
          listed.map((item) => item.pricingPlanId),
          clock.now(),
        ).catch((e) => {
          throw isRefusal(e) ? notRedeemed(e) : e;
        });
      }
      const priced = promotion ? withPromotion(listed, promotion) : listed;
      const totalCents = cartTotalCents(priced.map((item) => item.amountCents));
      if (options.expectedTotalCents !== null && options.expectedTotalCents !== totalCents) {
        // The cart counted on a trial the organization has had: say so, rather than "prices changed".
        const trialGone = priced.find((item) => !item.trialDays && trialed.has(item.pricingPlanId));
        throw totalChanged(totalCents, trialGone?.planName);
      }
      const trialPlanIds = priced.flatMap((item) => (item.trialDays ? [item.pricingPlanId] : []));
      /** Two checkouts raced for a trial and the other committed first: this one is refused, uncharged. */
      const startTrialsOf = async (tx: Tx, orderId: number, now: Date) => {
        if (await startTrials(tx, { organizationId: org.id, orderId, planIds: trialPlanIds, now })) return;
        const lost = priced.find((item) => item.trialDays)!;
        throw totalChanged(totalWithoutTrials(priced), lost.planName);
      };

      const now = clock.now();
      const stored: StoredRequest = {
        items,
        priced,
        orgDiscountBp: org.discountBp,
        ...(promotion && { promotion: { code: promotion.code, description: promotion.description } }),
      };
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
      const status = initialBillStatus({ amountCents: totalCents, billedByInvoice: org.billedByInvoice });
      if (status !== BillStatus.ChargePending) {
        const done = await db
          .transaction(async (tx) => {
            const order = await createBill(tx, {
              ...common,
              status,
              dueDate: dueDateOf({
                kind: 'purchase',
                status,
                billingDate: now,
                paymentTermsDays: org.paymentTermsDays,
              }),
              paidAt: status === BillStatus.ChargePaid ? now : null,
            });
            if (order) {
              await startTrialsOf(tx, order.id, now);
              if (promotion)
                await redeemPromotion(tx, promotion, { organizationId: org.id, orderId: order.id, now });
              await createPurchasedSubscriptions(tx, order, stored);
              // Once its lines name its subscriptions; a bill of nothing is paid as it is made.
              await announceBills(tx, 'bill.issued', [order]);
              if (order.paidAt) await announceBills(tx, 'bill.paid', [order]);
            }
            return order;
          })
          .catch((e) => {
            throw isRefusal(e) ? notRedeemed(e) : e;
          });
        return done ? resultOf(done) : replay(org.id, key, hash);
      }

      // (1)
      const opened = await db
        .transaction(async (tx) => {
          const bill = await openCardBill(tx, { ...common, status }, [], purchaseAttemptKey);
          if (bill) await startTrialsOf(tx, bill.order.id, now);
          if (bill && promotion)
            await redeemPromotion(tx, promotion, { organizationId: org.id, orderId: bill.order.id, now });
          return bill;
        })
        .catch((e) => {
          throw isRefusal(e) ? notRedeemed(e) : e;
        });
      if (!opened) return replay(org.id, key, hash);
      const { order } = opened;

      // (2)
      const outcome = await chargeCard(deps, {
        customerId: org.gatewayCustomerId ?? '',
        paymentMethodId: org.paymentMethodId!,
        amountCents: totalCents,
        idempotencyKey: opened.key,
        description: `Order ${order.id}: ${priced.length} ${priced.length === 1 ? 'subscription' : 'subscriptions'}`,
      });
      // Unknown outcome: the order stays pending and settlePendingPurchases asks the gateway later.
      if (outcome.outcome === 'unknown') throw new DomainError('GATEWAY_UNAVAILABLE', GATEWAY_UNAVAILABLE);
      // The bank asks the customer first (3-D Secure, docs/decisions/024): the order stays pending
      // until the browser says the challenge has ended (or the settle job gives it up).
      if (outcome.outcome === 'requires_action') return waitingFor(order, outcome.clientSecret);

      // (3)
      const settled = await settlePurchase(deps, order, outcome);
      if (!settled) throw new DomainError('INTERNAL', 'The order disappeared while it was being paid.');
      return resultOf(settled);
    },

    /**
     * Step (3) for a checkout's charge whose outcome became known later (a webhook, the customer back
     * from the bank's challenge): paid with its subscriptions, or refused with the gateway's message.
     */
    settlePurchase: (order: OrderRow, outcome: FinalOutcome, attemptStatus?: 'declined' | 'error') =>
      settlePurchase(deps, order, outcome, attemptStatus),
    /** The plans whose trial the organization has started: the cart prices them without one. */
    trialedPlanIds: async (organizationId: number) =>
      [...(await trialedPlans(db, organizationId))].sort((a, b) => a - b),
    /** Checkouts whose answer was lost, asked of the gateway; the settle job's, every tick. */
    settlePendingPurchases: () => settlePendingPurchases(deps),
  };
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;
