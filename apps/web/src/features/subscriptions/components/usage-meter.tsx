import { Group, Progress, Stack, Text } from '@mantine/core';
import {
  isUsageMetered,
  type UsageMeter as Meter,
  overageInputOf,
  type SubscriptionDetail,
  toCents,
  UsageMeterTexts,
  usageMeter,
} from '@store/core';

/** The meter of a subscription's own counters (core's usageMeter: the same figures the alert mails use). */
export const meterOf = (s: SubscriptionDetail): Meter =>
  usageMeter({
    ...overageInputOf(s),
    maxAdditionalMonthlyChargeCents: toCents(s.maxAdditionalMonthlyCharge ?? 0),
  });

const colorOf = (m: Meter) =>
  m.overCap ? 'red.8' : m.overRtus > 0 ? 'orange.7' : m.includedPercent >= 80 ? 'yellow.6' : 'brand.6';

/** A progress bar whose accessible name and value text carry the figures, not only a percentage. */
function Bar(props: {
  label: string;
  value: number;
  max: number;
  text: string;
  color: string;
  size: string;
}) {
  const percent = props.max > 0 ? Math.min(100, (props.value * 100) / props.max) : props.value > 0 ? 100 : 0;
  return (
    <Progress.Root
      size={props.size}
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={props.max}
      aria-valuenow={Math.min(props.value, props.max)}
      aria-valuetext={props.text}
    >
      <Progress.Section value={percent} color={props.color} withAria={false} />
    </Progress.Root>
  );
}

/**
 * The editor's meter (docs/design.md §5): RTUs used this cycle against the included RTUs and, beyond
 * them, the overage against Max Overages, each a bar with its figures in text.
 */
export function UsageMeter({ subscription: s }: { subscription: SubscriptionDetail }) {
  if (!isUsageMetered(s.plan)) return null;
  const m = meterOf(s);
  return (
    <Stack gap={8} data-testid="usage-meter">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">{UsageMeterTexts.includedLabel(m)}</Text>
          <Text size="sm" fw={600}>
            {UsageMeterTexts.included(m)}
          </Text>
        </Group>
        <Bar
          label={UsageMeterTexts.includedLabel(m)}
          value={m.usedRtus}
          max={m.includedRtus}
          text={UsageMeterTexts.included(m)}
          color={m.includedPercent >= 100 ? 'orange.7' : colorOf(m)}
          size="md"
        />
      </Stack>
      {m.billsOverage && m.capCents > 0 && (
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">{UsageMeterTexts.overageLabel}</Text>
            <Text size="sm" fw={600}>
              {UsageMeterTexts.overage(m)}
            </Text>
          </Group>
          <Bar
            label={UsageMeterTexts.overageBarLabel}
            value={m.overageCents}
            max={m.capCents}
            text={UsageMeterTexts.overage(m)}
            color={m.overCap ? 'red.8' : 'orange.7'}
            size="md"
          />
        </Stack>
      )}
      {m.billsOverage && m.capCents === 0 && (
        <Text size="xs" c="dimmed">
          {UsageMeterTexts.noOverage}
        </Text>
      )}
      {m.overCap && (
        <Text size="sm" c="red.9" fw={600} role="status">
          {UsageMeterTexts.stopped}
        </Text>
      )}
    </Stack>
  );
}

/** The subscription row's meter: one thin bar, the phase the usage is in, its figures beside it. */
export function CompactUsageMeter({ subscription: s }: { subscription: SubscriptionDetail }) {
  if (!isUsageMetered(s.plan)) return null;
  const m = meterOf(s);
  const beyond = m.overRtus > 0 && m.billsOverage && m.capCents > 0;
  const text = m.overCap
    ? UsageMeterTexts.stoppedShort(m)
    : beyond
      ? UsageMeterTexts.overageShort(m)
      : UsageMeterTexts.includedShort(m);
  return (
    <Stack gap={2} maw={{ base: '100%', sm: 240 }} data-testid="row-usage-meter">
      <Bar
        label={`RTUs used this cycle by ${s.description}`}
        value={beyond || m.overCap ? m.overageCents : m.usedRtus}
        max={beyond || m.overCap ? m.capCents : m.includedRtus}
        text={text}
        color={colorOf(m)}
        size="sm"
      />
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}
