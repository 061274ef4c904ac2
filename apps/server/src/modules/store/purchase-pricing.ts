import { createHash } from 'node:crypto';
import {
  BillingMode,
  cartTotalCents,
  cycleDiscountBp,
  descriptionOrPlaceholder,
  isProPlan,
  Messages,
  machinesFor,
  type Promotion,
  type PurchaseItem,
  pricePerCycleCents,
  promotionAppliesToPlan,
  promotionDiscountCents,
  Store,
  toCents,
} from '@store/core';
import type { OrganizationRow } from '../../db/schema';
import { badRequest, DomainError } from '../../lib/domain-error';
import type { CatalogService } from '../catalog';

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
  /** After every discount, the promotion code's included. */
  amountCents: number;
  /** The promotion code that took promotionCents off this item (absent on orders made before codes). */
  promotionCode?: string | null;
  promotionCents?: number;
  /**
   * Days of the free trial this item starts (docs/decisions/043): nothing is charged now (list and
   * amount 0), the first period is charged at the trial's end for regularCents.
   */
  trialDays?: number | null;
  /** What a trial item's first period will cost (the amount it would have had without the trial). */
  regularCents?: number;
}

export interface StoredRequest {
  items: PurchaseItem[];
  priced: PricedItem[];
  orgDiscountBp: number;
  /** The promotion code redeemed with the order and its terms in words (docs/decisions/041). */
  promotion?: { code: string; description: string };
}

/** The cart's total with each trial charged its first period now, as the retry will be priced. */
export const totalWithoutTrials = (priced: PricedItem[]) =>
  cartTotalCents(priced.map((item) => (item.trialDays ? (item.regularCents ?? 0) : item.amountCents)));

/** The request's fingerprint for Idempotency-Key; a code is part of it (without one, as before codes). */
export function requestHash(items: PurchaseItem[], promotionCode: string | null = null): string {
  const body = promotionCode === null ? items : { items, promotionCode };
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/**
 * The promotion code taken off each item it applies to (docs/decisions/041), after the cycle and
 * organization discounts: the first cycle of what is bought now.
 */
export function withPromotion(
  priced: PricedItem[],
  promotion: Pick<Promotion, 'code' | 'percentBp' | 'amountOffCents' | 'cycles' | 'planIds'>,
): PricedItem[] {
  return priced.map((item) => {
    // A trial's first charge is nothing: a code has nothing to take off, nor a cycle to count.
    if (item.trialDays) return item;
    if (!promotionAppliesToPlan(promotion.planIds, item.pricingPlanId)) return item;
    const off = promotionDiscountCents(promotion, item.amountCents);
    return {
      ...item,
      promotionCode: promotion.code,
      promotionCents: off,
      amountCents: item.amountCents - off,
    };
  });
}

/** Re-prices every item from the catalogue (the client's prices are never trusted) and applies the rules of docs/design.md §2. */
export async function priceItems(
  catalog: Pick<CatalogService, 'findPlans' | 'cycleDiscounts'>,
  org: OrganizationRow,
  items: PurchaseItem[],
  trialed: ReadonlySet<number> = new Set(),
): Promise<PricedItem[]> {
  // One trial per organization and plan: only the first item of a plan not trialed yet starts one.
  const trialing = new Set<number>();
  const plans = await catalog.findPlans([...new Set(items.map((i) => i.pricingPlanId))]);
  const discounts = await catalog.cycleDiscounts();
  return items.map((item, index) => {
    const at = items.length > 1 ? `Item ${index + 1}: ` : '';
    const found = plans.get(item.pricingPlanId);
    if (!found?.product)
      throw new DomainError('UNKNOWN_PLAN', `${at}Pricing plan ${item.pricingPlanId} does not exist.`);
    const { plan, product } = found;
    if (!plan.isAvailable || !product.isAvailable) {
      throw new DomainError('PLAN_UNAVAILABLE', `${at}The plan '${plan.planName}' is no longer offered.`);
    }
    if (item.billingMode === BillingMode.Monthly && !org.allowMonthly)
      throw new DomainError('MONTHLY_NOT_ALLOWED', at + Store.monthlyNotAllowed);
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
    const amountCents = pricePerCycleCents({
      ...base,
      cycleDiscountBp: cycleBp,
      orgDiscountBp: org.discountBp,
    });
    const trial = plan.trialDays !== null && !trialed.has(plan.id) && !trialing.has(plan.id);
    if (trial) trialing.add(plan.id);
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
      ...(trial
        ? { listCents: 0, amountCents: 0, trialDays: plan.trialDays, regularCents: amountCents }
        : { listCents: pricePerCycleCents({ ...base, cycleDiscountBp: 0, orgDiscountBp: 0 }), amountCents }),
    };
  });
}
