import type { DbOrTx } from '../db/client';
import type { Clock } from '../lib/clock';
import { createCatalogService } from '../modules/catalog';
import { createPromotionService } from '../modules/promotions';

export const DEMO_PROMOTION_CODE = 'WELCOME10';

/** The demo's promotion code (docs/design.md §5a): 10 % off the first cycle, any plan, once per organization. */
export async function seedPromotionCodes(db: DbOrTx, clock: Clock): Promise<void> {
  await createPromotionService({ db, clock, catalog: createCatalogService({ db }) }).create({
    code: DEMO_PROMOTION_CODE,
    percentOff: 10,
    amountOff: null,
    cycles: 1,
    planIds: [],
    expiresAt: null,
    maxRedemptions: null,
    oncePerOrganization: true,
  });
}
