import { Collapse, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { productLabel } from '@store/core';
import { SubscriptionEditor } from './lazy-subscription-editor';
import {
  billingFacts,
  DETAIL_ROW_TRANSITION_MS,
  EditToggle,
  PaymentDueNotice,
  RowUsageMeter,
  StatusBadges,
  type SubscriptionsTableProps,
  TrialNotice,
} from './subscription-cells';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** The subscriptions as stacked cards, for a phone: each card opens its editor below it at full width. */
export function SubscriptionCards({
  subscriptions,
  viewer,
  perpetual,
  expandedId,
  onToggle,
}: SubscriptionsTableProps) {
  return (
    <Stack gap="sm" component="ul" aria-label={perpetual ? 'Products' : 'Subscriptions'} p={0} m={0}>
      {subscriptions.map((s) => {
        const expanded = expandedId === s.subscriptionId;
        return (
          <Paper
            component="li"
            key={s.subscriptionId}
            withBorder
            radius="md"
            style={{ listStyle: 'none', overflow: 'hidden' }}
            bg={expanded ? 'brand.0' : undefined}
            data-testid={`row-${s.subscriptionId}`}
          >
            <Stack gap="xs" p="sm">
              <Group justify="space-between" wrap="nowrap" align="start">
                <div>
                  <Text size="xs" c="dimmed" fw={600}>
                    {productLabel(s.product)}
                  </Text>
                  <Text fw={600}>{s.description}</Text>
                  {s.ownerName && (
                    <Text size="xs" c="dimmed">
                      {s.ownerName}
                    </Text>
                  )}
                </div>
                <EditToggle subscription={s} expanded={expanded} onToggle={onToggle} />
              </Group>
              {/* Below the heading, at the card's width: beside it, it would push Edit out of the card. */}
              <PaymentDueNotice subscription={s} viewer={viewer} />
              <TrialNotice subscription={s} />
              {!perpetual && (
                <>
                  <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                    {billingFacts(s).map((fact) => (
                      <Field key={fact.label} {...fact} />
                    ))}
                  </SimpleGrid>
                  <StatusBadges subscription={s} />
                  <RowUsageMeter subscription={s} />
                </>
              )}
            </Stack>
            <Collapse
              in={expanded}
              transitionDuration={DETAIL_ROW_TRANSITION_MS}
              id={`detail-${s.subscriptionId}`}
              data-detail-open={expanded}
              bg="white"
            >
              {expanded && <SubscriptionEditor subscription={s} viewer={viewer} />}
            </Collapse>
          </Paper>
        );
      })}
    </Stack>
  );
}
