import { Divider, Group, Text } from '@mantine/core';
import {
  billingCycle,
  formatUsd,
  formatUsdPerPeriod,
  fractionToBp,
  type PricingPlan,
  PromotionMessages,
  planPricingInput,
  priceBreakdown,
  pricePerCycleCents,
  promotionDiscountCents,
  type SubscriptionDetail,
} from '@store/core';
import { DetailPanel, FigureRow, FigureTable } from './detail-panel';

type Terms = { numberMachines: number; xtraAutoTags: number };

/** The subscription's fee per cycle for a plan and terms, with its own cycle and organization discounts. */
export function cycleCents(s: SubscriptionDetail, plan: PricingPlan, terms: Terms): number {
  return pricePerCycleCents({
    plan: planPricingInput(plan),
    numberMachines: terms.numberMachines,
    xtraAutoTags: terms.xtraAutoTags,
    billingMode: s.billingMode,
    cycleDiscountBp: fractionToBp(s.billingModeDiscount),
    orgDiscountBp: fractionToBp(s.organizationDiscount),
  });
}

/** The detail row's cost breakdown and current cycle fee (spec §2). */
export function SubscriptionCostPanel({ subscription: s }: { subscription: SubscriptionDetail }) {
  const cycle = billingCycle(s.billingMode);
  const breakdown = priceBreakdown({
    plan: planPricingInput(s.plan),
    numberMachines: s.numberMachines,
    xtraAutoTags: s.xtraAutoTags,
    billingMode: s.billingMode,
    cycleDiscountBp: fractionToBp(s.billingModeDiscount),
    orgDiscountBp: fractionToBp(s.organizationDiscount),
  });
  const discounts = [
    s.billingModeDiscount > 0
      ? `the ${cycle.displayPeriod === 'year' ? 'yearly' : `${cycle.displayPeriod}ly`} billing discount`
      : null,
    s.organizationDiscount > 0 ? 'your organization discount' : null,
  ].filter(Boolean);
  // The promotion code it was bought with takes its share off each renewal it still covers
  // (docs/decisions/041): shown as a line of the breakdown with the next renewal's charge.
  const feeCents = cycleCents(s, s.plan, s);
  const promotion = s.promotion && s.promotion.cyclesLeft !== 0 ? s.promotion : null;
  const promotionCents = promotion ? promotionDiscountCents({ ...promotion, cycles: null }, feeCents) : 0;
  return (
    <DetailPanel title="Cost">
      <FigureTable label="Cost breakdown">
        {breakdown.lines.map((line) => (
          <FigureRow key={line.label} label={line.label} value={formatUsd(line.cents)} />
        ))}
        {promotion && (
          <FigureRow
            label={`${PromotionMessages.lineLabel(promotion.code)} (next renewal)`}
            value={`-${formatUsd(promotionCents)}`}
          />
        )}
      </FigureTable>
      <Divider />
      <Group justify="space-between">
        <Text fw={600}>Current cycle fee ({cycle.cycleName})</Text>
        <Text fw={700} data-testid="current-fee">
          {formatUsdPerPeriod(feeCents, cycle.displayPeriod)}
        </Text>
      </Group>
      {promotion && (
        <Group justify="space-between">
          <Text fw={600}>Next renewal with {promotion.code}</Text>
          <Text fw={700} data-testid="promoted-renewal">
            {formatUsd(feeCents - promotionCents)}
          </Text>
        </Group>
      )}
      {s.promotion && (
        <Text size="xs" c="dimmed" data-testid="subscription-promotion">
          Promotion {s.promotion.code}: {s.promotion.description}
          {s.promotion.cyclesLeft === null
            ? '.'
            : `; ${s.promotion.cyclesLeft} discounted ${s.promotion.cyclesLeft === 1 ? 'cycle' : 'cycles'} left.`}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {discounts.length > 0 ? `Includes ${discounts.join(' and ')}. ` : ''}
        Overage is billed monthly and never discounted.
      </Text>
    </DetailPanel>
  );
}
