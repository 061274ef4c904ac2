import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import {
  DunningMessages,
  formatMediumDate,
  hasRole,
  isArtistPlan,
  isCancelled,
  PAY_BILLS_PATH,
  type SubscriptionDetail,
  showsUsageFigures,
  subscriptionStatusText,
  TrialMessages,
  type Viewer,
} from '@store/core';
import { Link } from 'react-router';
import { cycleCents } from './subscription-cost-panel';
import { CompactUsageMeter } from './usage-meter';

// What a subscription row shows (spec §2), shared by the table (wide screens) and the stacked
// cards (phones) so that both read the same.

export const DETAIL_ROW_TRANSITION_MS = 225;

export interface SubscriptionsTableProps {
  subscriptions: SubscriptionDetail[];
  viewer: Viewer;
  /** Perpetual accounts see product, name and edit only (spec §2). */
  perpetual: boolean;
  expandedId: number | null;
  onToggle(subscriptionId: number): void;
}

const dateOrDash = (d: string | null) => (d ? formatMediumDate(d) : '-');

/** What a subscription's billing shows (not a perpetual product's): the table's columns, a card's fields. */
const BILLING_FACTS: ReadonlyArray<{ label: string; value: (s: SubscriptionDetail) => string }> = [
  {
    label: 'Total Designers',
    value: (s) => (isArtistPlan(s.plan) ? '-' : String(s.plan.numAutoTags + s.xtraAutoTags)),
  },
  // A cancelled subscription is never billed again: its renewal date would promise a charge.
  { label: 'Next Billing Date', value: (s) => (isCancelled(s) ? '—' : dateOrDash(s.nextBaseBillingDate)) },
  { label: 'Start New Month', value: (s) => dateOrDash(s.nextOverageBillingDate) },
];

export const BILLING_FACT_LABELS = BILLING_FACTS.map((fact) => fact.label);

export const billingFacts = (s: SubscriptionDetail) =>
  BILLING_FACTS.map(({ label, value }) => ({ label, value: value(s) }));

export function StatusBadges({ subscription: s }: { subscription: SubscriptionDetail }) {
  return (
    <Group gap={6} wrap="wrap">
      {/* Never cut to "Cancelled Dec 9, 20…": the column keeps the badge's whole width (its label
          would otherwise let the table squeeze it once an editor row is open). */}
      <Badge
        variant="dot"
        color={isCancelled(s) ? 'gray' : 'teal'}
        tt="none"
        size="md"
        radius="sm"
        styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
      >
        {subscriptionStatusText(s)}
      </Badge>
      {s.isOfflineEnabled && (
        <Badge variant="outline" color="brand" tt="none" size="md" radius="sm">
          Offline
        </Badge>
      )}
    </Group>
  );
}

/**
 * A subscription whose renewal or overage bill was declined says by when to pay it (docs/decisions/042);
 * whoever may pay (admins, the billing role) is led to the pay-now page.
 */
export function PaymentDueNotice({
  subscription: s,
  viewer,
}: {
  subscription: SubscriptionDetail;
  viewer: Viewer;
}) {
  if (!s.paymentDueBy) return null;
  return (
    <Text size="sm" c="red.9" fw={600} mt={4} data-testid={`payment-due-${s.subscriptionId}`}>
      {DunningMessages.paymentFailed(formatMediumDate(s.paymentDueBy))}
      {hasRole(viewer, 'billing') && (
        <>
          {' '}
          <Anchor component={Link} to={PAY_BILLS_PATH} size="sm" fw={700} c="red.9" underline="always">
            {DunningMessages.payNow}
          </Anchor>
        </>
      )}
    </Text>
  );
}

/** A subscription in its free trial says when it ends and what it costs then (docs/decisions/043). */
export function TrialNotice({ subscription: s }: { subscription: SubscriptionDetail }) {
  if (!s.trialEndsAt) return null;
  const cents = cycleCents(s, s.plan, s);
  return (
    <Text size="sm" c="teal.9" fw={600} mt={4} data-testid={`trial-${s.subscriptionId}`}>
      {TrialMessages.trialLine(s.trialEndsAt, cents, s.billingMode)}
    </Text>
  );
}

/** The row's usage meter, where the subscription shows usage at all (not perpetual, not offline volume). */
export function RowUsageMeter({ subscription: s }: { subscription: SubscriptionDetail }) {
  return showsUsageFigures(s) ? <CompactUsageMeter subscription={s} /> : null;
}

export function EditToggle({
  subscription: s,
  expanded,
  onToggle,
}: {
  subscription: SubscriptionDetail;
  expanded: boolean;
  onToggle(subscriptionId: number): void;
}) {
  if (isCancelled(s)) return null;
  return (
    <Button
      size="xs"
      variant={expanded ? 'filled' : 'light'}
      aria-expanded={expanded}
      aria-controls={`detail-${s.subscriptionId}`}
      aria-label={`Edit ${s.description}`}
      onClick={() => onToggle(s.subscriptionId)}
    >
      Edit
    </Button>
  );
}
