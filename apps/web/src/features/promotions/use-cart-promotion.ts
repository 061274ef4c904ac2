import { hasRole, type Promotion, promotionCartCents } from '@store/core';
import { useCurrentUser } from '../../lib/current-user';
import type { CartLine } from '../cart/components/cart-lines';
import { useAppliedPromotion } from './promotion-storage';

/**
 * The applied code and what it takes off these priced lines, as the purchase will charge it; only for
 * a person who may buy (the check and the redemption are the Billing role's).
 */
export function useCartPromotion(lines: CartLine[]): {
  promotion: Promotion | null;
  discountCents: number;
  /** Whether this person may apply a code at all. */
  canApply: boolean;
} {
  const user = useCurrentUser();
  const applied = useAppliedPromotion();
  const canApply = user !== null && hasRole(user.person, 'billing');
  const promotion = canApply ? applied : null;
  const discountCents = promotion
    ? promotionCartCents(
        promotion,
        // A trial's first charge is nothing; the code takes nothing off it (docs/decisions/043).
        lines.map((l) => ({
          pricingPlanId: l.item.pricingPlan.pricingPlanId,
          priceCents: l.trialLine ? 0 : l.priceCents,
        })),
      )
    : 0;
  return { promotion, discountCents, canApply };
}
