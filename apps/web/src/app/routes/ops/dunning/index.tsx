import { Button, Checkbox, Chip, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  DunningMessages,
  type DunningSettings,
  GRACE_DAYS,
  LAST_DUNNING_DAY,
  normalizedDunning,
} from '@store/core';
import { useEffect, useState } from 'react';
import { showAlert } from '../../../../features/alert';
import { useDunningSettings, useSaveDunningSettings } from '../../../../features/ops/api/dunning-settings';

const DAYS = Array.from({ length: LAST_DUNNING_DAY }, (_, i) => String(i + 1));

/** A set of days of the grace, each a chip a keyboard reaches and toggles. */
function DayChips({
  label,
  description,
  value,
  onChange,
}: {
  label: string;
  description: string;
  value: number[];
  onChange(days: number[]): void;
}) {
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text fw={600}>{label}</Text>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      <Chip.Group multiple value={value.map(String)} onChange={(v) => onChange(v.map(Number))}>
        <Group gap={6}>
          {DAYS.map((d) => (
            <Chip key={d} value={d} size="sm" aria-label={`${label}: day ${d}`}>
              {d}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

/**
 * Dunning (docs/decisions/042): on which days of the grace a declined renewal or overage bill is
 * charged again, and which reminders lead its admins to the pay-now page. Applies to the next decline
 * and reminder of every bill.
 */
export default function OpsDunningScreen() {
  const stored = useDunningSettings();
  const save = useSaveDunningSettings();
  const [draft, setDraft] = useState<DunningSettings | null>(null);
  useEffect(() => {
    if (stored.data && !draft) setDraft(stored.data);
  }, [stored.data, draft]);

  if (!draft) return <Loader aria-label="Loading dunning settings" />;
  const onSave = () =>
    save.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(saved);
        showAlert({ type: 'success', text: DunningMessages.saved });
      },
    });

  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>Dunning</Title>
      <Text>
        A declined renewal or overage bill has {GRACE_DAYS} days to be paid before its subscriptions are
        deactivated. Day 0 is the bill's own charge.
      </Text>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <DayChips
            label="Retry days"
            description="The card on file is charged again on these days after the bill's date."
            value={draft.retryDays}
            onChange={(retryDays) => setDraft(normalizedDunning({ ...draft, retryDays }))}
          />
          <Stack gap={6}>
            <Text fw={600}>Reminders</Text>
            <Checkbox
              label="Mail the admins when the bill is first declined"
              checked={draft.remindAtDecline}
              onChange={(e) => setDraft({ ...draft, remindAtDecline: e.currentTarget.checked })}
            />
          </Stack>
          <DayChips
            label="Days before deactivation"
            description="A reminder with the pay-now link goes out this many days before the subscriptions are deactivated."
            value={draft.remindDaysBefore}
            onChange={(remindDaysBefore) => setDraft(normalizedDunning({ ...draft, remindDaysBefore }))}
          />
          <Text size="sm" data-testid="dunning-summary">
            {DunningMessages.scheduleSummary(draft)}
          </Text>
          <Group>
            <Button onClick={onSave} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
