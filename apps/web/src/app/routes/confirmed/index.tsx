import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatUsd, PurchasePromotionSchema, toCents } from '@store/core';
import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { z } from 'zod/mini';
import { emptyCart } from '../../../features/cart/cart-storage';
import { PromotionLine, removePromotion } from '../../../features/promotions';

const ConfirmedStateSchema = z.object({ total: z.number(), promotion: z.optional(PurchasePromotionSchema) });

export default function ConfirmedScreen() {
  // Only the purchase's own navigation (checkout) carries this state; a typed or bookmarked
  // /confirmed has bought nothing, so it neither thanks nor empties the cart.
  const state = useLocation().state as { purchased?: unknown } | null;
  const purchased = state?.purchased === true;
  // What was charged and the promotion code it redeemed (docs/decisions/041), as the purchase answered.
  const order = ConfirmedStateSchema.safeParse(state);

  // Spec §2: opening the confirmation empties the cart; its promotion code was redeemed with it.
  useEffect(() => {
    if (purchased) {
      emptyCart();
      removePromotion();
    }
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
        {order.success && order.data.promotion && (
          <Paper withBorder radius="md" p="md" w="100%" ta="left">
            <Stack gap="xs">
              <PromotionLine
                promotion={order.data.promotion}
                discountCents={order.data.promotion.discountCents}
              />
              <Text fw={600} data-testid="confirmed-total">
                Charged today: {formatUsd(toCents(order.data.total))}
              </Text>
            </Stack>
          </Paper>
        )}
        <Button component={Link} to="/" size="md">
          Continue Shopping
        </Button>
      </Stack>
    </Paper>
  );
}
