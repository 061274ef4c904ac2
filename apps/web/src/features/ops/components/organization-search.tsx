import { Anchor, Badge, Button, Group, Loader, Stack, Table, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PagedNav } from '../../../components/paged-nav';
import { useSearchOrganizations } from '../api/search-organizations';
import { FramedTable } from './table-frame';

/** Organizations found by name, e-mail, license key, subscription, bill, charge or card, a page at a time. */
export function OrganizationSearch({
  q,
  page,
  onSearch,
}: {
  q: string;
  page: number;
  onSearch: (q: string, page: number) => void;
}) {
  const [typed, setTyped] = useState(q);
  const result = useSearchOrganizations(q, page);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim(), 1);
  };
  return (
    <Stack gap="md">
      <search aria-label="Organizations">
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label="Name, e-mail or license key"
              description="Or a subscription's name, an invoice or credit-note number, a charge id, a card's last four"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit">Search</Button>
          </Group>
        </form>
      </search>
      {result.isPending ? (
        <Loader aria-label="Loading organizations" />
      ) : result.data ? (
        <>
          <FramedTable
            label="Organizations found"
            minWidth={560}
            striped
            highlightOnHover
            heads={['Organization', 'Admin e-mail', 'Parent', { name: 'Subscriptions', numeric: true }]}
          >
            {result.data.items.map((o) => (
              <Table.Tr key={o.organizationId}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={`/ops/organizations/${o.organizationId}`}>
                      {o.name}
                    </Anchor>
                    {o.pastDue > 0 && (
                      <Badge color="red.9" size="xs">
                        {o.pastDue} past due
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{o.adminEmail ?? '—'}</Table.Td>
                <Table.Td>{o.parentName ?? '—'}</Table.Td>
                <Table.Td ta="right">{o.subscriptions}</Table.Td>
              </Table.Tr>
            ))}
          </FramedTable>
          <PagedNav
            label="Organizations"
            page={result.data.page}
            pageSize={result.data.pageSize}
            total={result.data.total}
            shown={result.data.items.length}
            onChange={(p) => onSearch(q, p)}
          />
        </>
      ) : null}
    </Stack>
  );
}
