import { Paper, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled panel of a subscription's detail row (license, cost, usage, offline license). */
export function DetailPanel({
  title,
  gap = 'xs',
  children,
}: {
  title: string;
  gap?: 'xs' | 'sm';
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={gap}>
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The figures of a detail panel: a borderless table of labels and right-aligned values. */
export function FigureTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} fz="sm" aria-label={label}>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

export function FigureRow({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="right" data-testid={testId}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}
