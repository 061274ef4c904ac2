import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { type CartItem, cartPriceChangeNote, formatUsdPerPeriod, isArtistPlan } from '@store/core';

export interface CartLine {
  item: CartItem;
  priceCents: number;
}

/** One card per cart item: every column of spec §2 (extra designers hidden for artist plans). */
export function CartLines({ lines, onRemove }: { lines: CartLine[]; onRemove?: (id: string) => void }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items in your cart">
      {lines.map(({ item, priceCents }) => (
        <Paper key={item.id} component="li" withBorder radius="md" p="md" data-testid="cart-item">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Group gap="xs">
                <Badge variant="light">{item.pricingPlan.productName}</Badge>
                <Text fw={600}>{item.pricingPlan.planName}</Text>
              </Group>
              <Text size="sm">
                Subscription name: <strong>{item.name}</strong>
              </Text>
              {item.pricingPlan.description && (
                <Text size="sm" c="dimmed">
                  {item.pricingPlan.description}
                </Text>
              )}
              <Group gap="lg">
                {item.numberOfMachines > 0 && <Text size="sm">Engines: {item.numberOfMachines}</Text>}
                {!isArtistPlan(item.pricingPlan) && (
                  <Text size="sm">Extra designers: {item.extraDesigners}</Text>
                )}
                <Text size="sm">Billing: {item.billingCycle.cycleName}</Text>
              </Group>
              {cartPriceChangeNote(item) && (
                <Text size="sm" fw={600} data-testid="cart-item-price-changed">
                  {cartPriceChangeNote(item)}
                </Text>
              )}
            </Stack>
            <Stack gap={4} align="flex-end">
              <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }} data-testid="cart-item-price">
                {formatUsdPerPeriod(priceCents, item.billingCycle.displayPeriod)}
              </Text>
              {onRemove && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => onRemove(item.id)}
                  aria-label={`Remove ${item.name} from the cart`}
                >
                  <span aria-hidden>✕</span>
                </ActionIcon>
              )}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
