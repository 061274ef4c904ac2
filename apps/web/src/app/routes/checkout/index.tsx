import { Alert, Anchor, Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  ErrorCodes,
  endSentence,
  formatUsd,
  GRACE_DAYS,
  hasRole,
  Messages,
  PromotionNotRedeemedSchema,
  purchaseItemFromCart,
  TotalChangedSchema,
} from '@store/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showAlert } from '../../../features/alert';
import { newCartItemId } from '../../../features/cart/cart-storage';
import { CartLines } from '../../../features/cart/components/cart-lines';
import { usePricedCart } from '../../../features/cart/use-priced-cart';
import { usePurchase } from '../../../features/checkout/api/purchase';
import { AskAnAdmin } from '../../../features/organization-admins';
import { usePaymentAuthentication } from '../../../features/payments';
import { PromotionLine, removePromotion, useCartPromotion } from '../../../features/promotions';
import { useCurrentUser } from '../../../lib/current-user';
import { errorCodeOf, HttpError } from '../../../lib/http';

export default function CheckoutScreen() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  // docs/design.md §5a: the Billing role (or an admin) buys; anyone else sees the order and whom to ask,
  // never a refused button.
  const buyer = user ? hasRole(user.person, 'billing') : false;
  // 3-D Secure: the bank's challenge, when it asks, before the order is confirmed.
  const { authenticate, challenge } = usePaymentAuthentication();
  const purchase = usePurchase(authenticate);
  // One key per checkout attempt: reused when the same attempt is retried, new after a definitive answer.
  const attemptKey = useRef(newCartItemId());
  const submitting = useRef(false);
  const [changedTotal, setChangedTotal] = useState<string | null>(null);

  // docs/design.md §2: checkout re-reads the catalogue and the organization before showing prices; the
  // cart shows the same prices (docs/spec.md §6).
  const priced = usePricedCart();
  const { cart, loading, failed, retired, totalCents } = priced;
  const lines = priced.priced ? priced.lines : [];
  const organization = { data: priced.organization };
  const empty = cart.items.length === 0 && cart.refused.length === 0;
  // Nothing is sent while an item cannot be bought: a plan no longer offered, or a refused item.
  const blocked = cart.items.length === 0 || cart.refused.length > 0 || retired.length > 0;
  // The cart's promotion code: its line, taken off Total Today and sent with the purchase (docs/decisions/041).
  const { promotion, discountCents } = useCartPromotion(lines);
  const todayCents = totalCents - discountCents;

  // Spec §4 "Proceed To Checkout": an admin whose organization has no billing information adds it
  // first, also when /checkout is opened directly. Decided on the organization as read now (the billing
  // update stores its answer in the same query), so a buyer who just added a card stays here.
  // A cart of free trials only charges nothing now and needs no card (docs/decisions/043).
  const needsBillingInfo =
    buyer && !loading && priced.organization?.hasBillingInfo === false && !priced.onlyTrials;
  useEffect(() => {
    if (needsBillingInfo)
      navigate(`/ModifyBillingInfo?${new URLSearchParams({ returnUrl: '/checkout' })}`, { replace: true });
  }, [needsBillingInfo, navigate]);

  const confirm = () => {
    if (submitting.current || blocked || loading || failed) return;
    submitting.current = true;
    setChangedTotal(null);
    purchase.mutate(
      {
        items: cart.items.map(purchaseItemFromCart),
        idempotencyKey: attemptKey.current,
        expectedTotalCents: todayCents,
        promotionCode: promotion?.code ?? null,
      },
      {
        onSuccess: (result) => {
          showAlert({ type: 'success', text: Messages.subscriptionPurchased, keep: true });
          // Only this navigation reaches the confirmation: it carries the purchase in its state.
          navigate('/confirmed', {
            state: { purchased: true, total: result.total, promotion: result.promotion },
          });
        },
        onError: (error) => {
          const retryable =
            !(error instanceof HttpError) ||
            error.status === 0 ||
            error.status >= 500 ||
            (error.status === 409 && errorCodeOf(error.body) === ErrorCodes.PURCHASE_IN_PROGRESS);
          if (!retryable) attemptKey.current = newCartItemId();
          // The code could not be redeemed (used up meanwhile, or already used): nothing was charged; the
          // alert banner says why and the total without it, which Confirm Purchase now charges.
          if (error instanceof HttpError && PromotionNotRedeemedSchema.safeParse(error.body).success) {
            removePromotion();
            attemptKey.current = newCartItemId();
          }
          const changed = error instanceof HttpError ? TotalChangedSchema.safeParse(error.body) : null;
          if (changed?.success) {
            setChangedTotal(formatUsd(changed.data.totalCents));
            priced.refetch();
          }
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  const companyName = organization.data?.companyName ?? user?.organization.companyName ?? '';
  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Title order={1}>Checkout</Title>
      {challenge}
      {!buyer && (
        <Alert color="brand" title="An administrator places the order" data-testid="admin-places-order">
          <Stack gap={4}>
            <Text size="sm">
              Only an administrator of {companyName}, or someone with the Billing role, can confirm this
              purchase. Ask them to buy these plans.
            </Text>
            <AskAnAdmin />
          </Stack>
        </Alert>
      )}
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
      {(lines.length > 0 || cart.refused.length > 0) && <CartLines lines={lines} refused={cart.refused} />}
      {promotion && lines.length > 0 && (
        <Paper withBorder radius="md" p="lg">
          <PromotionLine promotion={promotion} discountCents={discountCents} />
        </Paper>
      )}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <List size="sm" spacing={6}>
            <List.Item>
              {endSentence(
                `All items are billed to ${organization.data?.companyName ?? 'your organization'}`,
              )}
            </List.Item>
            <List.Item>
              Today's charge covers only the first billing period of each item; later cycles are charged
              automatically.
            </List.Item>
            <List.Item>Prices include all discounts.</List.Item>
            <List.Item>
              You can unsubscribe at any time on the{' '}
              <Anchor component={Link} to="/Subscriptions" inherit>
                Subscriptions
              </Anchor>{' '}
              page.
            </List.Item>
            <List.Item>
              A renewed subscription is deactivated if payment is not received within {GRACE_DAYS} days.
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
              {loading || failed ? '—' : formatUsd(todayCents)}
            </Text>
          </Group>
          {buyer && (
            <Group justify="flex-end">
              <Button
                size="md"
                onClick={confirm}
                loading={purchase.isPending}
                disabled={blocked || purchase.isPending || loading || failed}
              >
                Confirm Purchase
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
