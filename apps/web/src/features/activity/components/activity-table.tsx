import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import {
  type AuditEntry,
  type AuditPage,
  auditActorLabel,
  auditKindLabel,
  formatMediumDateTime,
} from '@store/core';
import { Link } from 'react-router';
import { CardList } from '../../../components/card-list';
import { ColumnHeads } from '../../../components/column-heads';
import { PagedNav } from '../../../components/paged-nav';
import { usePhone } from '../../../lib/phone';

/** The organization of an entry of the operator's log, linked to its console page; the store's own is "Every organization". */
function Organization({ entry }: { entry: AuditEntry }) {
  if (entry.organizationId === null) return <>Every organization</>;
  return (
    <Anchor component={Link} to={`/ops/organizations/${entry.organizationId}`}>
      {entry.organizationName ?? `Organization ${entry.organizationId}`}
    </Anchor>
  );
}

const When = ({ entry }: { entry: AuditEntry }) => (
  <time dateTime={entry.at}>{formatMediumDateTime(entry.at)}</time>
);

function Who({ entry }: { entry: AuditEntry }) {
  return (
    <>
      {auditActorLabel(entry)}
      {entry.address && (
        <Text size="xs" c="dimmed" component="span" display="block">
          from {entry.address}
        </Text>
      )}
    </>
  );
}

/** On a phone each entry is a card: four columns of prose do not fit 390 px. */
function EntryCards({ items, label, withOrganization }: EntriesProps) {
  return (
    <CardList label={label}>
      {items.map((entry) => (
        <Paper key={entry.auditId} component="li" withBorder radius="md" p="md" data-audit-id={entry.auditId}>
          {/* Names and addresses run long without a space (a generated organization, an e-mail). */}
          <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
            <Text fw={600}>{auditKindLabel(entry.kind)}</Text>
            {withOrganization && (
              <Text size="sm">
                <Organization entry={entry} />
              </Text>
            )}
            <Text>{entry.summary}</Text>
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

interface EntriesProps {
  items: AuditEntry[];
  label: string;
  /** The operator's log of every organization names each entry's. */
  withOrganization: boolean;
}

function EntryTable({ items, label, withOrganization }: EntriesProps) {
  return (
    <Table striped verticalSpacing="sm" horizontalSpacing="xs" aria-label={label}>
      <ColumnHeads names={['When', withOrganization && 'Organization', 'Who', 'What', 'Summary']} />
      <Table.Tbody>
        {items.map((entry) => (
          <Table.Tr key={entry.auditId} data-audit-id={entry.auditId}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <When entry={entry} />
            </Table.Td>
            {withOrganization && (
              <Table.Td>
                <Organization entry={entry} />
              </Table.Td>
            )}
            <Table.Td>
              <Who entry={entry} />
            </Table.Td>
            <Table.Td>{auditKindLabel(entry.kind)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.summary}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The entries of one page: when, who, what, and the summary of what changed. */
export function ActivityTable({
  page,
  onPage,
  label = 'Activity',
  withOrganization = false,
}: {
  page: AuditPage;
  onPage: (n: number) => void;
  label?: string;
  withOrganization?: boolean;
}) {
  const phone = usePhone();
  if (page.total === 0) return <Text c="dimmed">No activity matches these filters.</Text>;
  const pages = Math.ceil(page.total / page.pageSize);
  const entries = { items: page.items, label, withOrganization };
  return (
    <Stack gap="md">
      {phone ? <EntryCards {...entries} /> : <EntryTable {...entries} />}
      {pages > 1 && (
        <PagedNav
          label="Entries"
          navLabel={`${label} pages`}
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
