import {
  fromCents,
  type OpsPromotion,
  type OpsPromotionBody,
  type Promotion,
  PromotionMessages,
  promotionTermsText,
  roundHalfUp,
  toCents,
} from '@store/core';
import type { DbOrTx } from '../../db/client';
import type { PromotionCodeRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, DomainError, notFound } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import type { CatalogService } from '../catalog';
import * as repo from './promotions.repository';
import { termsOf, usablePromotion } from './redemptions';

// Promotion codes (docs/decisions/041): the operator makes and deactivates them; the cart checks one
// without redeeming it (the checkout redeems it through redemptions.ts, in its own transaction).

const toOpsPromotion = (row: PromotionCodeRow): OpsPromotion => ({
  promotionCodeId: row.id,
  code: row.code,
  percentOff: row.percentBp === null ? null : row.percentBp / 100,
  amountOff: row.amountOffCents === null ? null : fromCents(row.amountOffCents),
  cycles: row.durationCycles,
  planIds: row.planIds,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  maxRedemptions: row.maxRedemptions,
  redemptions: row.redemptions,
  oncePerOrganization: row.oncePerOrganization,
  isActive: row.isActive,
  description: promotionTermsText(termsOf(row)),
  createdAt: row.createdAt.toISOString(),
});

export function createPromotionService(deps: {
  /** A transaction too: the demo seed makes its code inside its own. */
  db: DbOrTx;
  clock: Clock;
  catalog: Pick<CatalogService, 'findPlans'>;
}) {
  const { db, clock } = deps;
  return {
    /** POST /api/promotions/check: nothing is redeemed or counted. */
    async check(organizationId: number, code: string, pricingPlanIds: readonly number[]): Promise<Promotion> {
      const {
        promotionCodeId: _id,
        oncePerOrganization: _once,
        ...promotion
      } = await usablePromotion(db, code, organizationId, pricingPlanIds, clock.now());
      return promotion;
    },

    /** The console's list, newest first, with each code's redemptions. */
    list: async (): Promise<OpsPromotion[]> => (await repo.listCodes(db)).map(toOpsPromotion),

    async create(body: OpsPromotionBody): Promise<OpsPromotion> {
      const planIds = [...new Set(body.planIds)].sort((a, b) => a - b);
      const plans = await deps.catalog.findPlans(planIds);
      const unknown = planIds.find((id) => !plans.has(id));
      if (unknown !== undefined) throw badRequest(`Pricing plan ${unknown} does not exist.`, 'planIds');
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertCode(tx, {
          code: body.code,
          percentBp: body.percentOff === null ? null : roundHalfUp(body.percentOff * 100),
          amountOffCents: body.amountOff === null ? null : toCents(body.amountOff),
          durationCycles: body.cycles,
          planIds,
          expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt),
          maxRedemptions: body.maxRedemptions,
          oncePerOrganization: body.oncePerOrganization,
          createdAt: clock.now(),
        });
        if (inserted) await recordAudit(tx, 'promotion.created', { after: inserted, organizationId: null });
        return inserted;
      });
      if (!row) throw new DomainError('PROMOTION_CODE_TAKEN', PromotionMessages.codeTaken(body.code));
      return toOpsPromotion(row);
    },

    /** A deactivated code is refused from now on; subscriptions bought with it keep their discount. */
    async deactivate(promotionCodeId: number): Promise<OpsPromotion> {
      const row = await db.transaction(async (tx) => {
        const before = await repo.findCodeById(tx, promotionCodeId);
        const after = await repo.deactivateCode(tx, promotionCodeId, clock.now());
        if (after) await recordAudit(tx, 'promotion.deactivated', { before, after, organizationId: null });
        return after;
      });
      if (!row) throw notFound('There is no such promotion code.');
      return toOpsPromotion(row);
    },
  };
}
export type PromotionService = ReturnType<typeof createPromotionService>;
