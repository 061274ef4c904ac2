import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { emptyCart } from '../../../features/cart/cart-storage';

export default function ConfirmedScreen() {
  // Spec §2: opening the confirmation empties the cart.
  useEffect(() => {
    emptyCart();
  }, []);

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
