import { Alert, Group, Paper, Text } from '@mantine/core';
import {
  billingCycle,
  formatLongDate,
  formatUsd,
  formatUsdPerPeriod,
  isProPlan,
  type SubscriptionChangeQuote,
  type SubscriptionDetail,
  SubscriptionMessages,
} from '@store/core';

/**
 * What a save would do (docs/design.md §3, decided by core's quoteSubscriptionChange, as the server
 * decides): a higher fee applies now with a prorated charge, a lower one at the renewal. Also the
 * change already scheduled for the renewal.
 */
export function SubscriptionQuote({
  subscription: s,
  quote,
  newCycleCents,
  show,
}: {
  subscription: SubscriptionDetail;
  quote: SubscriptionChangeQuote;
  newCycleCents: number;
  show: boolean;
}) {
  const cycle = billingCycle(s.billingMode);
  return (
    <>
      {s.pendingChange && (
        <Alert color="blue" variant="light" p="xs" data-testid="pending-change">
          <Text size="sm">
            Scheduled: {s.pendingChange.planName}
            {isProPlan(s.plan) ? `, ${s.pendingChange.numberMachines} engine(s)` : ''},{' '}
            {s.pendingChange.xtraAutoTags} additional designer(s).{' '}
            {SubscriptionMessages.pendingFrom(s.pendingChange.effectiveDate)}
          </Text>
        </Alert>
      )}
      {show && quote.termsChanged && (
        <Paper bg="brand.0" p="sm" radius="sm" data-testid="new-fee">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              New cycle fee
            </Text>
            <Text size="sm" fw={600}>
              {formatUsdPerPeriod(newCycleCents, cycle.displayPeriod)}
            </Text>
          </Group>
          {quote.applies === 'now' ? (
            <Group justify="space-between">
              <Text size="sm">
                Charged today (prorated to{' '}
                {s.nextBaseBillingDate ? formatLongDate(s.nextBaseBillingDate) : 'the renewal'})
              </Text>
              <Text size="sm" fw={600} data-testid="prorated-today">
                {formatUsd(quote.prorationCents)}
              </Text>
            </Group>
          ) : (
            <Text size="sm">{SubscriptionMessages.pendingFrom(s.nextBaseBillingDate)}</Text>
          )}
        </Paper>
      )}
    </>
  );
}
