import { Group, Text } from '@mantine/core';
import { formatUsd, type Promotion, PromotionMessages } from '@store/core';

/** The discount line of the cart, the checkout and the confirmation: the code, its terms, what it takes off. */
export function PromotionLine({
  promotion,
  discountCents,
}: {
  promotion: Pick<Promotion, 'code' | 'description'>;
  discountCents: number;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="promotion-line">
      <div>
        <Text fw={600}>{PromotionMessages.lineLabel(promotion.code)}</Text>
        <Text size="sm" c="dimmed">
          {promotion.description}
        </Text>
      </div>
      <Text fw={700} data-testid="promotion-discount">
        -{formatUsd(discountCents)}
      </Text>
    </Group>
  );
}
