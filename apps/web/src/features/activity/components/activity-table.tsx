import { Paper, Stack, Table, Text } from '@mantine/core';
import {
  ApiTokenMessages,
  AUDIT_KIND_LABELS,
  type AuditEntry,
  type AuditPage,
  formatMediumDateTime,
} from '@store/core';
import { CardList } from '../../../components/card-list';
import { PagedNav } from '../../../components/paged-nav';
import { usePhone } from '../../../lib/phone';

const kindLabel = (kind: string) => AUDIT_KIND_LABELS[kind as keyof typeof AUDIT_KIND_LABELS] ?? kind;

/** Who, as the customer is told it: a person by name, an API token, the store's operator, or the store itself. */
export function actorLabel(entry: AuditEntry): string {
  if (entry.actor.kind === 'system') return 'The store';
  if (entry.actor.kind === 'api-token') return ApiTokenMessages.activityActor(entry.actor.name ?? '');
  return entry.actor.name ?? (entry.actor.kind === 'operator' ? 'Store operator' : 'Someone not signed in');
}

const When = ({ entry }: { entry: AuditEntry }) => (
  <time dateTime={entry.at}>{formatMediumDateTime(entry.at)}</time>
);

function Who({ entry }: { entry: AuditEntry }) {
  return (
    <>
      {actorLabel(entry)}
      {entry.address && (
        <Text size="xs" c="dimmed" component="span" display="block">
          from {entry.address}
        </Text>
      )}
    </>
  );
}

/** On a phone each entry is a card: four columns of prose do not fit 390 px. */
function EntryCards({ items }: { items: AuditEntry[] }) {
  return (
    <CardList label="Activity">
      {items.map((entry) => (
        <Paper key={entry.auditId} component="li" withBorder radius="md" p="md" data-audit-id={entry.auditId}>
          <Stack gap={4}>
            <Text fw={600}>{kindLabel(entry.kind)}</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{entry.summary}</Text>
            <Text size="sm">
              <Who entry={entry} />
            </Text>
            <Text size="sm" c="dimmed">
              <When entry={entry} />
            </Text>
          </Stack>
        </Paper>
      ))}
    </CardList>
  );
}

function EntryTable({ items }: { items: AuditEntry[] }) {
  return (
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
        {items.map((entry) => (
          <Table.Tr key={entry.auditId} data-audit-id={entry.auditId}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <When entry={entry} />
            </Table.Td>
            <Table.Td>
              <Who entry={entry} />
            </Table.Td>
            <Table.Td>{kindLabel(entry.kind)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.summary}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The entries of one page: when, who, what, and the summary of what changed. */
export function ActivityTable({ page, onPage }: { page: AuditPage; onPage: (n: number) => void }) {
  const phone = usePhone();
  if (page.total === 0) return <Text c="dimmed">No activity matches these filters.</Text>;
  const pages = Math.ceil(page.total / page.pageSize);
  return (
    <Stack gap="md">
      {phone ? <EntryCards items={page.items} /> : <EntryTable items={page.items} />}
      {pages > 1 && (
        <PagedNav
          label="Entries"
          navLabel="Activity pages"
          rangeTestId="activity-range"
          page={page.page}
          pageSize={page.pageSize}
          total={page.total}
          shown={page.items.length}
          onChange={onPage}
        />
      )}
    </Stack>
  );
}
