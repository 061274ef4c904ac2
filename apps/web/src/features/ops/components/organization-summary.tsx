import { Anchor, Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatUsd, type OpsOrganizationSummary, toCents } from '@store/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// Dark shades: white on Mantine's default filled colours is under 4.5:1 (WCAG AA).
const STANDING_COLOURS: Record<OpsOrganizationSummary['standing'], string> = {
  'Past due': 'red.9',
  Active: 'teal.9',
  Inactive: 'gray.7',
};

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={600}>
        {children}
      </Text>
    </Stack>
  );
}

/** What the operator reads first of an organization: its standing, MRR, card and what it owes. */
export function OrganizationSummary({
  organizationId,
  summary,
}: {
  organizationId: number;
  summary: OpsOrganizationSummary;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Summary">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Status">
          <Badge color={STANDING_COLOURS[summary.standing]} variant="filled" tt="none">
            {summary.standing}
          </Badge>
        </Figure>
        <Figure label="MRR (USD)">{formatUsd(toCents(summary.mrr))}</Figure>
        <Figure label="Card">{summary.card ?? 'No card on file'}</Figure>
        <Figure label="Open balance (USD)">
          {formatUsd(toCents(summary.openBalance))}
          {summary.unpaidBills > 0 && (
            <Text size="xs" fw={400}>
              <Anchor
                component={Link}
                to={`/ops/bills?filter=all&organizationId=${organizationId}&status=past-due`}
              >
                past-due bills
              </Anchor>
            </Text>
          )}
        </Figure>
      </SimpleGrid>
    </Paper>
  );
}
