import { Badge, Group, Text } from '@mantine/core';
import type { SubscriptionDetail } from '@store/core';

/**
 * The entitlements in force (docs/decisions/039): the features of the subscription's current plan,
 * which its engines receive in every licensing answer and license file. A pending plan change brings
 * its own set when it applies.
 */
export function PlanEntitlements({ subscription: s }: { subscription: SubscriptionDetail }) {
  const list = s.plan.entitlements;
  return (
    <>
      <Text size="sm" c="dimmed" id={`entitlements-${s.subscriptionId}`}>
        Entitlements
      </Text>
      {list.length === 0 ? (
        <Text size="sm" data-testid="entitlements-none">
          This plan names no features.
        </Text>
      ) : (
        <Group
          component="ul"
          gap={6}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-labelledby={`entitlements-${s.subscriptionId}`}
          data-testid="entitlements"
        >
          {list.map((e) => (
            <Badge key={e} component="li" variant="light" color="gray" tt="none" size="lg" radius="sm">
              {e}
            </Badge>
          ))}
        </Group>
      )}
    </>
  );
}
