import { Alert, Anchor, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatUsd, hasRole } from '@store/core';
import { Link, useNavigate } from 'react-router';
import { emptyCart, removeFromCart } from '../../../features/cart/cart-storage';
import { CartLines } from '../../../features/cart/components/cart-lines';
import { usePricedCart } from '../../../features/cart/use-priced-cart';
import { AskAnAdmin } from '../../../features/organization-admins';
import { PromotionCodeField, PromotionLine, useCartPromotion } from '../../../features/promotions';
import { useCurrentUser } from '../../../lib/current-user';

export default function CartScreen() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  // Signed in, the organization's discount applies (spec §6): the same prices as checkout.
  const { cart, lines, totalCents, organization, onlyTrials } = usePricedCart();
  // A promotion code applied here is shown as its own line and taken off the total (docs/decisions/041).
  const { promotion, discountCents, canApply } = useCartPromotion(lines);
  const orgDiscount = user ? (organization?.discount ?? 0) : 0;
  const empty = cart.items.length === 0 && cart.refused.length === 0;
  // An item that cannot be bought stays in view with its reason until it is removed.
  const blocked = cart.items.length === 0 || cart.refused.length > 0;

  // docs/design.md §5a: anyone signed in may fill a cart; the Billing role (or an admin) places the order.
  const plainUser = user !== null && !hasRole(user.person, 'billing');

  // Spec §4 "Proceed To Checkout". Billing information is the Billing role's to add; a plain user reviews the
  // order at checkout, where it says whom to ask. A cart of free trials charges nothing now: no card is
  // asked for (docs/decisions/043).
  const proceed = () => {
    if (!user) navigate(`/login?${new URLSearchParams({ returnUrl: '/checkout' })}`);
    else if (!plainUser && !user.organization.hasBillingInfo && !onlyTrials)
      navigate(`/ModifyBillingInfo?${new URLSearchParams({ returnUrl: '/checkout' })}`);
    else navigate('/checkout');
  };

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Title order={1}>Shopping Cart</Title>
      {empty ? (
        <Paper withBorder radius="md" p="xl" ta="center" data-testid="cart-empty">
          <Text size="lg" fw={600}>
            There is nothing in your shopping cart.
          </Text>
          <Text c="dimmed" mt={4}>
            Browse the{' '}
            <Anchor component={Link} to="/catalog">
              catalog
            </Anchor>{' '}
            to find a plan.
          </Text>
        </Paper>
      ) : (
        <CartLines lines={lines} refused={cart.refused} onRemove={removeFromCart} />
      )}
      {plainUser && !empty && (
        <Alert color="brand" title="An administrator places the order" data-testid="admin-places-order">
          <Stack gap={4}>
            <Text size="sm">
              Only an administrator of {user.organization.companyName}, or someone with the Billing role, can
              buy these plans.
            </Text>
            <AskAnAdmin />
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          {canApply && cart.items.length > 0 && (
            <PromotionCodeField pricingPlanIds={cart.items.map((i) => i.pricingPlan.pricingPlanId)} />
          )}
          {promotion && cart.items.length > 0 && (
            <PromotionLine promotion={promotion} discountCents={discountCents} />
          )}
          <Group justify="space-between">
            <Text fw={600} size="lg">
              Total ({cart.items.length} {cart.items.length === 1 ? 'item' : 'items'})
            </Text>
            <Text fw={700} size="xl" data-testid="cart-total">
              {formatUsd(totalCents - discountCents)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            Prices include all discounts
            {user && orgDiscount > 0
              ? `, including your organization's ${Math.round(orgDiscount * 1000) / 10}% discount`
              : ''}
            .
          </Text>
          <Divider />
          <Group justify="space-between">
            <Button variant="default" onClick={emptyCart} disabled={empty}>
              Empty shopping cart
            </Button>
            <Button size="md" onClick={proceed} disabled={blocked}>
              Proceed To Checkout
            </Button>
          </Group>
          {cart.refused.length > 0 && (
            <Text size="sm" ta="right" data-testid="cart-blocked">
              Remove the items that cannot be bought to proceed.
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
