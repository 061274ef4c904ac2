import {
  type CartItem,
  cartPriceChangeNote,
  cartTotalCents,
  type PricingPlan,
  repriceCartItem,
  TrialMessages,
  toCents,
  trialEndsAt,
  trialItemIds,
} from '@store/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../../lib/current-user';
import {
  currentOrganizationQueryOptions,
  getCurrentOrganization,
} from '../auth/api/get-current-organization';
import { billingCycleDiscountsQueryOptions } from '../catalog/api/get-billing-cycle-discounts';
import { planWithIdQueryOptions } from '../catalog/api/get-plan-with-id';
import { getTrialedPlans, trialedPlansQueryKey } from './api/get-trialed-plans';
import { replaceCartItems, useCart } from './cart-storage';
import type { CartLine } from './components/cart-lines';

// docs/design.md §2: the cart and checkout re-read the catalogue and the organization before showing prices.
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

const samePrices = (a: CartItem[], b: CartItem[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The stored cart priced now (docs/spec.md §6), by core's one price function: repriced and stored again
 * whenever the organization (signing in or out, another organization) or the catalogue changes, so
 * the cart, the checkout and the charge agree.
 */
export function usePricedCart() {
  const cart = useCart();
  const user = useCurrentUser();
  const organizationId = user?.organization.organizationId ?? null;
  const organization = useQuery({
    // Keyed by the signed-in organization: another organization is never priced with this one's discount.
    queryKey: [...currentOrganizationQueryOptions.queryKey, organizationId],
    queryFn: ({ signal }) => getCurrentOrganization(signal),
    meta: currentOrganizationQueryOptions.meta,
    enabled: organizationId !== null,
    ...fresh,
  });
  // The plans whose trial the organization has had are priced without one, as the checkout will.
  const trialed = useQuery({
    queryKey: trialedPlansQueryKey(organizationId),
    queryFn: ({ signal }) => getTrialedPlans(signal),
    enabled: organizationId !== null,
    ...fresh,
  });
  const discounts = useQuery({ ...billingCycleDiscountsQueryOptions, ...fresh });
  const planIds = [...new Set(cart.items.map((i) => i.pricingPlan.pricingPlanId))];
  const plans = useQueries({ queries: planIds.map((id) => ({ ...planWithIdQueryOptions(id), ...fresh })) });

  const loading =
    (organizationId !== null && (organization.isPending || trialed.isPending)) ||
    discounts.isPending ||
    plans.some((p) => p.isPending);
  const failed =
    (organizationId !== null && (organization.isError || trialed.isError)) ||
    discounts.isError ||
    plans.some((p) => p.isError);
  const currentPlans = new Map<number, PricingPlan>();
  for (const p of plans) if (p.data) currentPlans.set(p.data.pricingPlanId, p.data);
  const orgDiscount = organizationId === null ? 0 : (organization.data?.discount ?? 0);

  const priced =
    loading || failed || !discounts.data
      ? null
      : cart.items.map((item) =>
          repriceCartItem(
            item,
            discounts.data,
            orgDiscount,
            currentPlans.get(item.pricingPlan.pricingPlanId) ?? item.pricingPlan,
          ),
        );

  useEffect(() => {
    if (priced && !samePrices(priced, cart.items)) replaceCartItems(priced);
  }, [priced, cart.items]);

  const items = priced ?? cart.items;
  // A plan's trial (docs/decisions/043) is read from the catalogue as it is now, like its price.
  const withTrials = items.map((item) => ({
    ...item,
    pricingPlan: currentPlans.get(item.pricingPlan.pricingPlanId) ?? item.pricingPlan,
  }));
  const trials = trialItemIds(withTrials, organizationId === null ? [] : trialed.data?.pricingPlanIds);
  const now = new Date();
  const lines: CartLine[] = withTrials.map(({ pricingPlan }, i) => {
    const item = items[i]!;
    const priceCents = toCents(item.total);
    const trialDays = trials.has(item.id) ? pricingPlan.trialDays : null;
    return {
      item,
      priceCents,
      priceNote: priced && discounts.data ? cartPriceChangeNote(item, discounts.data) : null,
      trialLine: trialDays
        ? TrialMessages.trialLine(trialEndsAt(now, trialDays), priceCents, item.billingCycle.mode)
        : null,
    };
  });
  return {
    cart,
    /** Priced now once everything has loaded; until then the prices stored with the items. */
    lines,
    priced: priced !== null,
    /** What is charged today: a trial's first period is charged at its end, not now. */
    totalCents: cartTotalCents(lines.map((l) => (l.trialLine ? 0 : l.priceCents))),
    /** Every item starts a trial: nothing is charged now and no card is needed (docs/decisions/043). */
    onlyTrials: lines.length > 0 && lines.every((l) => l.trialLine !== null),
    loading,
    failed,
    organization: organization.data,
    retired: cart.items.filter((i) => currentPlans.get(i.pricingPlan.pricingPlanId)?.isAvailable === false),
    refetch: () => {
      void organization.refetch();
      void discounts.refetch();
      void trialed.refetch();
      for (const p of plans) void p.refetch();
    },
  };
}
