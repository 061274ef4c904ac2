import { Alert, Anchor, Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  cartItemPriceCents,
  formatUsd,
  Messages,
  type PricingPlan,
  purchaseItemFromCart,
  TotalChangedSchema,
} from '@store/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showAlert } from '../../../features/alert';
import { currentOrganizationQueryOptions } from '../../../features/auth';
import { newCartItemId, useCart } from '../../../features/cart/cart-storage';
import { CartLines } from '../../../features/cart/components/cart-lines';
import { billingCycleDiscountsQueryOptions } from '../../../features/catalog/api/get-billing-cycle-discounts';
import { planWithIdQueryOptions } from '../../../features/catalog/api/get-plan-with-id';
import { usePurchase } from '../../../features/checkout/api/purchase';
import { HttpError } from '../../../lib/http';

// DESIGN.md §2: checkout re-reads the catalogue and the organization before showing prices.
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

export default function CheckoutScreen() {
  const cart = useCart();
  const navigate = useNavigate();
  const purchase = usePurchase();
  // One key per checkout attempt: reused when the same attempt is retried, new after a definitive answer.
  const attemptKey = useRef(newCartItemId());
  const submitting = useRef(false);
  const [changedTotal, setChangedTotal] = useState<string | null>(null);

  const organization = useQuery({ ...currentOrganizationQueryOptions, ...fresh });
  const discounts = useQuery({ ...billingCycleDiscountsQueryOptions, ...fresh });
  const planIds = [...new Set(cart.items.map((i) => i.pricingPlan.pricingPlanId))];
  const plans = useQueries({ queries: planIds.map((id) => ({ ...planWithIdQueryOptions(id), ...fresh })) });

  const loading = organization.isPending || discounts.isPending || plans.some((p) => p.isPending);
  const failed = organization.isError || discounts.isError || plans.some((p) => p.isError);
  const currentPlans = new Map<number, PricingPlan>();
  for (const p of plans) if (p.data) currentPlans.set(p.data.pricingPlanId, p.data);
  const retired = cart.items.filter(
    (i) => currentPlans.get(i.pricingPlan.pricingPlanId)?.isAvailable === false,
  );

  const orgDiscount = organization.data?.discount ?? 0;
  const lines =
    loading || failed || !discounts.data
      ? []
      : cart.items.map((item) => ({
          item,
          priceCents: cartItemPriceCents(
            item,
            discounts.data,
            orgDiscount,
            currentPlans.get(item.pricingPlan.pricingPlanId),
          ),
        }));
  const totalCents = lines.reduce((sum, l) => sum + l.priceCents, 0);
  const empty = cart.items.length === 0;

  const confirm = () => {
    if (submitting.current || empty || loading || failed) return;
    submitting.current = true;
    setChangedTotal(null);
    purchase.mutate(
      {
        items: cart.items.map(purchaseItemFromCart),
        idempotencyKey: attemptKey.current,
        expectedTotalCents: totalCents,
      },
      {
        onSuccess: () => {
          showAlert({ type: 'success', text: Messages.subscriptionPurchased, keep: true });
          navigate('/confirmed');
        },
        onError: (error) => {
          const retryable =
            !(error instanceof HttpError) ||
            error.status === 0 ||
            error.status >= 500 ||
            (error.status === 409 && (error.body as { code?: string })?.code === 'PURCHASE_IN_PROGRESS');
          if (!retryable) attemptKey.current = newCartItemId();
          const changed = error instanceof HttpError ? TotalChangedSchema.safeParse(error.body) : null;
          if (changed?.success) {
            setChangedTotal(formatUsd(changed.data.totalCents));
            void organization.refetch();
            void discounts.refetch();
            for (const p of plans) void p.refetch();
          }
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Title order={1}>Checkout</Title>
      {empty && (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text fw={600}>Your cart is empty.</Text>
          <Anchor component={Link} to="/catalog">
            Browse the catalog
          </Anchor>
        </Paper>
      )}
      {!empty && loading && (
        <Group justify="center" py="xl">
          <Loader aria-label="Checking today's prices" />
          <Text c="dimmed">Checking today's prices…</Text>
        </Group>
      )}
      {!empty && failed && (
        <Alert color="red">Today's prices could not be loaded. Please reload the page.</Alert>
      )}
      {retired.length > 0 && (
        <Alert color="yellow" title="Some plans are no longer offered">
          {retired.map((i) => i.pricingPlan.planName).join(', ')} can no longer be bought. Please remove them
          from your cart.
        </Alert>
      )}
      {changedTotal && (
        <Alert color="yellow" title="Prices have changed" data-testid="total-changed">
          The total is now {changedTotal}. Please review it and confirm again.
        </Alert>
      )}
      {lines.length > 0 && <CartLines lines={lines} />}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <List size="sm" spacing={6}>
            <List.Item>
              All items are billed to {organization.data?.companyName ?? 'your organization'}.
            </List.Item>
            <List.Item>
              Today's charge covers only the first billing period of each item; later cycles are charged
              automatically.
            </List.Item>
            <List.Item>Prices include all discounts.</List.Item>
            <List.Item>
              You can unsubscribe at any time on the{' '}
              <Anchor component={Link} to="/Subscriptions">
                Subscriptions
              </Anchor>{' '}
              page.
            </List.Item>
            <List.Item>
              A renewed subscription is deactivated if payment is not received within 14 days.
            </List.Item>
          </List>
          <Group justify="space-between" align="center">
            <div>
              <Text fw={600} size="lg">
                Total Today
              </Text>
              <Text size="xs" c="dimmed">
                USD
              </Text>
            </div>
            <Text fw={800} size="xl" data-testid="checkout-total">
              {loading || failed ? '—' : formatUsd(totalCents)}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button
              size="md"
              onClick={confirm}
              loading={purchase.isPending}
              disabled={empty || purchase.isPending || loading || failed}
            >
              Confirm Purchase
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
