import { Anchor, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { cartItemPriceCents, formatUsd } from '@store/core';
import { Link, useNavigate } from 'react-router';
import { emptyCart, removeFromCart, useCart } from '../../../features/cart/cart-storage';
import { CartLines } from '../../../features/cart/components/cart-lines';
import { useBillingCycleDiscounts } from '../../../features/catalog/api/get-billing-cycle-discounts';
import { useCurrentUser } from '../../../lib/current-user';

export default function CartScreen() {
  const cart = useCart();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const discounts = useBillingCycleDiscounts();
  const orgDiscount = user?.organization.discount ?? 0;
  // Signed in, the organization's discount applies (spec §6); the cycle discounts are today's.
  const lines = cart.items.map((item) => ({
    item,
    priceCents: discounts.data
      ? cartItemPriceCents(item, discounts.data, orgDiscount)
      : Math.round(item.total * 100),
  }));
  const totalCents = lines.reduce((sum, l) => sum + l.priceCents, 0);
  const empty = cart.items.length === 0;

  // Spec §4 "Proceed To Checkout".
  const proceed = () => {
    if (!user) navigate(`/login?${new URLSearchParams({ returnUrl: '/checkout' })}`);
    else if (!user.organization.hasBillingInfo)
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
        <CartLines lines={lines} onRemove={removeFromCart} />
      )}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600} size="lg">
              Total ({cart.items.length} {cart.items.length === 1 ? 'item' : 'items'})
            </Text>
            <Text fw={700} size="xl" data-testid="cart-total">
              {formatUsd(totalCents)}
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
            <Button size="md" onClick={proceed} disabled={empty}>
              Proceed To Checkout
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
