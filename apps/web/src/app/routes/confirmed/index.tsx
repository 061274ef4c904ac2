import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { emptyCart } from '../../../features/cart/cart-storage';

export default function ConfirmedScreen() {
  // Only the purchase's own navigation (checkout) carries this state; a typed or bookmarked
  // /confirmed has bought nothing, so it neither thanks nor empties the cart.
  const purchased = (useLocation().state as { purchased?: unknown } | null)?.purchased === true;

  // Spec §2: opening the confirmation empties the cart.
  useEffect(() => {
    if (purchased) emptyCart();
  }, [purchased]);

  if (!purchased) return <Navigate to="/Subscriptions" replace />;

  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" mt="lg">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="green.8" aria-hidden>
          <span style={{ fontSize: 28 }}>✓</span>
        </ThemeIcon>
        <Title order={1}>Thank you for your order</Title>
        <Text>
          Your order will be dispatched shortly. Your new subscriptions and license keys are on the
          Subscriptions page.
        </Text>
        <Button component={Link} to="/" size="md">
          Continue Shopping
        </Button>
      </Stack>
    </Paper>
  );
}
