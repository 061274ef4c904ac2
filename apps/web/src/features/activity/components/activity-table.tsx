import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { AUDIT_KIND_LABELS, type AuditEntry, type AuditPage, formatMediumDateTime } from '@store/core';

const kindLabel = (kind: string) => AUDIT_KIND_LABELS[kind as keyof typeof AUDIT_KIND_LABELS] ?? kind;

/** Who, as the customer is told it: a person by name, the store's operator, or the store itself. */
export function actorLabel(entry: AuditEntry): string {
  if (entry.actor.kind === 'system') return 'The store';
  return entry.actor.name ?? (entry.actor.kind === 'operator' ? 'Store operator' : 'Someone not signed in');
}

/** The entries of one page: when, who, what, and the summary of what changed. */
export function ActivityTable({ page, onPage }: { page: AuditPage; onPage: (n: number) => void }) {
  if (page.total === 0) return <Text c="dimmed">No activity matches these filters.</Text>;
  const pages = Math.ceil(page.total / page.pageSize);
  const first = (page.page - 1) * page.pageSize;
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={340}>
        <Table striped verticalSpacing="sm" horizontalSpacing="xs" aria-label="Activity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">Who</Table.Th>
              <Table.Th scope="col">What</Table.Th>
              <Table.Th scope="col">Summary</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.items.map((entry) => (
              <Table.Tr key={entry.auditId} data-audit-id={entry.auditId}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={entry.at}>{formatMediumDateTime(entry.at)}</time>
                </Table.Td>
                <Table.Td>
                  {actorLabel(entry)}
                  {entry.address && (
                    <Text size="xs" c="dimmed">
                      from {entry.address}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{kindLabel(entry.kind)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.summary}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" data-testid="activity-range">
            Entries {first + 1}–{first + page.items.length} of {page.total}
          </Text>
          <nav aria-label="Activity pages">
            <Pagination
              total={pages}
              value={page.page}
              onChange={onPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            />
          </nav>
        </Group>
      )}
    </Stack>
  );
}
