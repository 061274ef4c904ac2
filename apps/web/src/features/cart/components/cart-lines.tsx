import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { type CartItem, formatUsdPerPeriod, isArtistPlan, type RefusedCartItem } from '@store/core';
import { CardList } from '../../../components/card-list';

export interface CartLine {
  item: CartItem;
  priceCents: number;
  /** Why the price is not the one the item was added at (cartPriceChangeNote), or null. */
  priceNote: string | null;
  /** "Trial: ends {date}, then $X per {cycle}" when the item starts a free trial, or null. */
  trialLine: string | null;
}

function RemoveButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      onClick={onRemove}
      aria-label={name ? `Remove ${name} from the cart` : 'Remove this item from the cart'}
    >
      <span aria-hidden>✕</span>
    </ActionIcon>
  );
}

export interface CartLinesProps {
  lines: CartLine[];
  /** Stored items that cannot be bought, each with its reason (never dropped silently). */
  refused?: RefusedCartItem[];
  onRemove?: (id: string) => void;
}

/** One card per cart item: every column of spec §2 (extra designers hidden for artist plans). */
export function CartLines({ lines, refused = [], onRemove }: CartLinesProps) {
  return (
    <CardList label="Items in your cart">
      {lines.map(({ item, priceCents, priceNote, trialLine }) => (
        <Paper key={item.id} component="li" withBorder radius="md" p="md" data-testid="cart-item">
          {/* The item's words take the width; on a phone the price moves to a line of its own
              rather than squeezing the name into a narrow column. */}
          <Group
            justify="space-between"
            align="flex-start"
            wrap="wrap"
            style={{ rowGap: 'var(--mantine-spacing-xs)' }}
          >
            <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
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
              {trialLine && (
                <Text size="sm" fw={600} c="teal.9" data-testid="cart-item-trial">
                  {trialLine}
                </Text>
              )}
              {priceNote && (
                <Text size="sm" fw={600} data-testid="cart-item-price-changed">
                  {priceNote}
                </Text>
              )}
            </Stack>
            <Stack gap={4} align="flex-end" ml="auto">
              <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }} data-testid="cart-item-price">
                {formatUsdPerPeriod(priceCents, item.billingCycle.displayPeriod)}
              </Text>
              {onRemove && <RemoveButton name={item.name} onRemove={() => onRemove(item.id)} />}
            </Stack>
          </Group>
        </Paper>
      ))}
      {refused.map((r) => (
        <Paper key={r.id} component="li" withBorder radius="md" p="md" data-testid="cart-item-refused">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              {r.name && (
                <Text size="sm">
                  Subscription name: <strong>{r.name}</strong>
                </Text>
              )}
              <Text size="sm" fw={600} c="red.9" data-testid="cart-item-refused-reason">
                {r.message}
              </Text>
            </Stack>
            {onRemove && <RemoveButton name={r.name} onRemove={() => onRemove(r.id)} />}
          </Group>
        </Paper>
      ))}
    </CardList>
  );
}
