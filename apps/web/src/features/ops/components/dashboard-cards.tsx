import { Accordion, Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  formatMediumDate,
  formatUsd,
  OPS_DASHBOARD_DEFINITIONS,
  type OpsDashboard,
  RECEIVABLE_BUCKET_LABELS,
  toCents,
} from '@store/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ColumnHeads } from '../../../components/column-heads';
import { ConsoleSection } from './console-section';

const usd = (dollars: number) => formatUsd(toCents(dollars));
/** A movement as it adds to MRR: '+$89.10', '−$405.00'; nothing moved is '$0.00'. */
const signed = (dollars: number) => {
  const cents = toCents(dollars);
  if (cents === 0) return formatUsd(0);
  return `${cents > 0 ? '+' : '−'}${formatUsd(Math.abs(cents))}`;
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The card's one figure, large, with what it counts beneath. */
function Headline({ figure, caption }: { figure: ReactNode; caption: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz={28} fw={700} lh={1.2}>
        {figure}
      </Text>
      <Text size="sm" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

/** MRR and how it moved since the month began (docs/decisions/028). */
export function MrrCard({ dashboard }: { dashboard: OpsDashboard }) {
  const m = dashboard.mrr;
  return (
    <ConsoleSection headingId="mrr-heading" title="Monthly recurring revenue">
      <Headline figure={usd(m.mrr)} caption={`${plural(m.subscriptions, 'subscription')} running`} />
      <Table aria-label="MRR this month" verticalSpacing={4}>
        <Table.Tbody>
          <Row
            label={`At the month's start (${formatMediumDate(dashboard.monthStart)})`}
            value={usd(m.atMonthStart)}
          />
          <Row label={`New (${plural(m.newSubscriptions, 'subscription')})`} value={signed(m.new)} />
          <Row label="Expansion" value={signed(m.expansion)} />
          <Row label="Contraction" value={signed(-m.contraction)} />
          <Row label={`Churn (${plural(m.churnedSubscriptions, 'subscription')})`} value={signed(-m.churn)} />
          <Row label="Not billed yet" value={signed(m.notBilledYet)} />
          <Row label="MRR now" value={usd(m.mrr)} strong />
        </Table.Tbody>
      </Table>
    </ConsoleSection>
  );
}

export function FailedPaymentsCard({ dashboard }: { dashboard: OpsDashboard }) {
  const f = dashboard.failedPayments;
  return (
    <ConsoleSection headingId="failed-heading" title="Failed payments this week">
      <Headline
        figure={f.count}
        caption={`charges declined since ${formatMediumDate(dashboard.weekStart)}`}
      />
      <Group justify="space-between" wrap="nowrap">
        <Text>Bills</Text>
        <Text fw={700}>{f.bills}</Text>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Text>At risk</Text>
        <Text fw={700}>{usd(f.amountAtRisk)}</Text>
      </Group>
      <Anchor component={Link} to="/ops/bills?filter=past-due" size="sm">
        Past-due bills
      </Anchor>
    </ConsoleSection>
  );
}

export function RenewalsCard({ dashboard }: { dashboard: OpsDashboard }) {
  const r = dashboard.renewals;
  return (
    <ConsoleSection headingId="renewals-heading" title="Renewals in the next 30 days">
      <Headline figure={r.count} caption={`due by ${formatMediumDate(r.until)}`} />
      <Group justify="space-between" wrap="nowrap">
        <Text>To bill</Text>
        <Text fw={700}>{usd(r.amount)}</Text>
      </Group>
    </ConsoleSection>
  );
}

export function ReceivablesCard({ dashboard }: { dashboard: OpsDashboard }) {
  const r = dashboard.receivables;
  return (
    <ConsoleSection headingId="receivables-heading" title="Receivables by age">
      <Headline figure={usd(r.amount)} caption={`owed on ${plural(r.bills, 'bill')}`} />
      <Table aria-label="Receivables by days past due" verticalSpacing={4}>
        <ColumnHeads
          names={['Past due', { name: 'Bills', numeric: true }, { name: 'Amount (USD)', numeric: true }]}
        />
        <Table.Tbody>
          {r.buckets.map((b) => (
            <Table.Tr key={b.bucket}>
              <Table.Th scope="row" fw={400}>
                {RECEIVABLE_BUCKET_LABELS[b.bucket]}
              </Table.Th>
              <Table.Td ta="right">{b.bills}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {usd(b.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Anchor component={Link} to="/ops/bills?filter=past-due" size="sm">
        Past-due bills
      </Anchor>
    </ConsoleSection>
  );
}

export function DisputesCard({ dashboard }: { dashboard: OpsDashboard }) {
  const d = dashboard.disputes;
  return (
    <ConsoleSection headingId="disputes-heading" title="Open disputes">
      <Headline figure={d.open} caption={`${usd(d.amount)} disputed`} />
      <Anchor component={Link} to="/ops/disputes" size="sm">
        Disputes
      </Anchor>
    </ConsoleSection>
  );
}

/** What each figure counts: the definitions of docs/decisions/028, folded away until asked for. */
export function DashboardHelp() {
  return (
    <Paper withBorder radius="md">
      <Accordion chevronPosition="left">
        <Accordion.Item value="definitions">
          <Accordion.Control>How these figures are counted</Accordion.Control>
          <Accordion.Panel>
            <Stack component="dl" gap="xs" m={0}>
              {OPS_DASHBOARD_DEFINITIONS.map(({ term, definition }) => (
                <div key={term}>
                  <Text component="dt" fw={700}>
                    {term}
                  </Text>
                  <Text component="dd" m={0}>
                    {definition}
                  </Text>
                </div>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Paper>
  );
}
