import {
  Badge,
  Blockquote,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  CANCELLATION_REPORT_MONTHS,
  cancellationReasonText,
  formatMediumDate,
  monthText,
  type OpsCancellationGroup,
} from '@store/core';
import { useSearchParams } from 'react-router';
import { useCancellationReasons } from '../../../../features/ops/api/get-cancellation-reasons';

const SPANS = [3, 6, 12] as const;
const spanOf = (raw: string | null): number =>
  SPANS.find((m) => String(m) === raw) ?? CANCELLATION_REPORT_MONTHS;

/** One plan's cancellations in one month: each reason counted, then what customers wrote. */
function PlanReasons({ group }: { group: OpsCancellationGroup }) {
  // Plan names mostly start with their product's ('Pro Standard'); the product is said apart.
  const name = group.planName;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={`${monthText(group.month)}: ${name}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <div>
            <Title order={4}>{name}</Title>
            <Text size="sm" c="dark.6">
              Product: {group.productName}
            </Text>
          </div>
          <Badge color="gray.7" variant="filled" tt="none">
            {group.cancellations === 1 ? '1 cancellation' : `${group.cancellations} cancellations`}
          </Badge>
        </Group>
        <Table aria-label={`Reasons: ${name}, ${monthText(group.month)}`} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Reason</Table.Th>
              <Table.Th scope="col" ta="right">
                Count
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.reasons.map((r) => (
              <Table.Tr key={r.reason}>
                <Table.Td>{cancellationReasonText(r.reason)}</Table.Td>
                <Table.Td ta="right">{r.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {group.comments.length > 0 && (
          <Stack gap="xs" component="ul" aria-label={`What customers wrote: ${name}`} p={0} m={0}>
            {group.comments.map((c) => (
              <Blockquote
                key={`${c.subscriptionId}-${c.cancelledAt}`}
                component="li"
                p="sm"
                color="gray"
                style={{ listStyle: 'none' }}
                cite={`${cancellationReasonText(c.reason)}, ${formatMediumDate(c.cancelledAt)}`}
              >
                {/* A customer's words can be one long unbroken string; they wrap rather than widen the page. */}
                <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{c.text}</Text>
              </Blockquote>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Why customers cancelled (docs/decisions/035), per month (UTC) and the plan they were on, newest
 * month first: each reason counted, 'No reason given' among them, and every free text.
 */
export default function OpsCancellationsScreen() {
  const [params, setParams] = useSearchParams();
  const months = spanOf(params.get('months'));
  const report = useCancellationReasons(months);
  const byMonth = new Map<string, OpsCancellationGroup[]>();
  for (const g of report.data?.groups ?? []) byMonth.set(g.month, [...(byMonth.get(g.month) ?? []), g]);
  return (
    <Stack gap="md">
      <Title order={2}>Cancellation reasons</Title>
      <SegmentedControl
        aria-label="Months shown"
        value={String(months)}
        onChange={(m) => setParams(Number(m) === CANCELLATION_REPORT_MONTHS ? {} : { months: m })}
        data={SPANS.map((m) => ({ value: String(m), label: `${m} months` }))}
        w="fit-content"
      />
      {report.isPending ? (
        <Loader aria-label="Loading cancellation reasons" />
      ) : byMonth.size === 0 ? (
        <Text c="dimmed">No customer cancelled a subscription in these months.</Text>
      ) : (
        [...byMonth.entries()].map(([month, groups]) => (
          <Stack key={month} gap="sm" component="section" aria-label={monthText(month)}>
            <Title order={3}>{monthText(month)}</Title>
            {groups.map((g) => (
              <PlanReasons key={g.pricingPlanId} group={g} />
            ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}
