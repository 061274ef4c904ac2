import {
  type Promotion,
  PromotionMessages,
  type PromotionRefusal,
  type PromotionTerms,
  promotionAppliesToPlan,
  promotionTermsText,
} from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { PromotionCodeRow } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import * as repo from './promotions.repository';

// What the checkout asks of promotion codes (docs/decisions/041), inside its own transaction: the
// code as this organization may use it now, its redemption counted atomically, and given back when
// the card refuses the charge.

export const termsOf = (row: PromotionCodeRow): PromotionTerms => ({
  percentBp: row.percentBp,
  amountOffCents: row.amountOffCents,
  cycles: row.durationCycles,
});

const refused = (reason: PromotionRefusal, code: string, row?: PromotionCodeRow) =>
  new DomainError('PROMOTION_REFUSED', PromotionMessages.refusal(reason, code, row?.expiresAt ?? null));

/** The first reason the code cannot be used by this organization for these plans now, or null. */
async function refusalOf(
  db: DbOrTx,
  row: PromotionCodeRow,
  organizationId: number,
  pricingPlanIds: readonly number[],
  now: Date,
): Promise<PromotionRefusal | null> {
  if (!row.isActive) return 'inactive';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) return 'used-up';
  if (row.oncePerOrganization && (await repo.organizationRedeemed(db, row.id, organizationId)))
    return 'used-by-organization';
  if (!pricingPlanIds.some((id) => promotionAppliesToPlan(row.planIds, id))) return 'not-for-plans';
  return null;
}

/** A code usable now, with its row's id for the redemption. */
export type UsablePromotion = Promotion & { promotionCodeId: number; oncePerOrganization: boolean };

/** The code as this organization may use it for these plans now; else a PROMOTION_REFUSED saying why. */
export async function usablePromotion(
  db: DbOrTx,
  code: string,
  organizationId: number,
  pricingPlanIds: readonly number[],
  now: Date,
): Promise<UsablePromotion> {
  const row = await repo.findCode(db, code);
  if (!row) throw refused('unknown', code);
  const reason = await refusalOf(db, row, organizationId, pricingPlanIds, now);
  if (reason) throw refused(reason, code, row);
  return {
    code: row.code,
    ...termsOf(row),
    planIds: row.planIds,
    description: promotionTermsText(termsOf(row)),
    promotionCodeId: row.id,
    oncePerOrganization: row.oncePerOrganization,
  };
}

/**
 * Redeems the code for the order inside the checkout's transaction: the count goes up only while it
 * is below the maximum (and the code active and unexpired), and a once-per-organization code gets one
 * row per organization. Either refusal throws PROMOTION_REFUSED, rolling the checkout back: nothing
 * is charged or redeemed.
 */
export async function redeemPromotion(
  tx: DbOrTx,
  promotion: UsablePromotion,
  redemption: { organizationId: number; orderId: number; now: Date },
): Promise<number> {
  const { now } = redemption;
  if (!(await repo.countRedemption(tx, promotion.promotionCodeId, now))) {
    const row = await repo.findCode(tx, promotion.code);
    const reason = !row?.isActive
      ? 'inactive'
      : row.expiresAt && row.expiresAt <= now
        ? 'expired'
        : 'used-up';
    throw refused(reason, promotion.code, row);
  }
  const id = await repo.insertRedemption(tx, {
    promotionCodeId: promotion.promotionCodeId,
    organizationId: redemption.organizationId,
    orderId: redemption.orderId,
    oncePerOrganization: promotion.oncePerOrganization,
    createdAt: now,
  });
  if (id === null) throw refused('used-by-organization', promotion.code);
  return id;
}

/** The redemption an order made, for its subscriptions to remember; null for an order without one. */
export const redemptionOfOrder = (tx: DbOrTx, orderId: number): Promise<number | null> =>
  repo.redemptionOfOrder(tx, orderId);

/** A checkout refused by the card gives its redemption back, in the transaction that voids it. */
export const releaseRedemption = (tx: DbOrTx, orderId: number): Promise<boolean> =>
  repo.releaseRedemption(tx, orderId);
