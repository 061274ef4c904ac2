import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { OpsOrganizationDetail } from '../contract';

/** Parent and sub-accounts (DESIGN.md §2), and the billing information the organization gave. */
export function OrganizationRelations({ detail }: { detail: OpsOrganizationDetail }) {
  const { organization, subAccounts, billingInfo } = detail;
  const billingLines = Object.entries(billingInfo ?? {}).filter(
    ([, v]) => typeof v === 'string' || typeof v === 'number',
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="accounts-heading">
        <Stack gap="xs">
          <Title order={3} id="accounts-heading">
            Parent and sub-accounts
          </Title>
          <Text>
            Parent:{' '}
            {organization.parentOrganizationId === null ? (
              'none'
            ) : (
              <Anchor component={Link} to={`/ops/organizations/${organization.parentOrganizationId}`}>
                {organization.parentName}
              </Anchor>
            )}
          </Text>
          {subAccounts.length === 0 ? (
            <Text>Sub-accounts: none</Text>
          ) : (
            <>
              <Text>Sub-accounts:</Text>
              <List>
                {subAccounts.map((s) => (
                  <List.Item key={s.organizationId}>
                    <Anchor component={Link} to={`/ops/organizations/${s.organizationId}`}>
                      {s.name}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="billing-info-heading">
        <Stack gap="xs">
          <Title order={3} id="billing-info-heading">
            Billing information
          </Title>
          {billingLines.length === 0 ? (
            <Text c="dimmed">None on file.</Text>
          ) : (
            billingLines.map(([k, v]) => (
              <Text key={k} size="sm">
                {k}: {String(v)}
              </Text>
            ))
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
