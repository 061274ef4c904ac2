import { Anchor, List, SimpleGrid, Text } from '@mantine/core';
import type { OpsOrganizationDetail } from '@store/core';
import { Link } from 'react-router';
import { ConsoleSection } from './console-section';

/** Parent and sub-accounts (docs/design.md §2), and the billing information the organization gave. */
export function OrganizationRelations({ detail }: { detail: OpsOrganizationDetail }) {
  const { organization, subAccounts, billingInfo } = detail;
  const card = billingInfo?.cardLastFour
    ? `${billingInfo.cardBrand ?? 'Card'} ending ${billingInfo.cardLastFour}${
        billingInfo.cardExpMonth && billingInfo.cardExpYear
          ? `, expires ${String(billingInfo.cardExpMonth).padStart(2, '0')}/${billingInfo.cardExpYear}`
          : ''
      }`
    : null;
  const billingLines: [string, string | null][] = billingInfo
    ? [
        ['Name', billingInfo.name],
        ['Company', billingInfo.company],
        ['Country', billingInfo.country],
        ['Card', card],
      ]
    : [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <ConsoleSection headingId="accounts-heading" title="Parent and sub-accounts" gap="xs">
        <Text size="sm">
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
          <Text size="sm">Sub-accounts: none</Text>
        ) : (
          <>
            <Text size="sm">Sub-accounts:</Text>
            <List size="sm">
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
      </ConsoleSection>
      <ConsoleSection headingId="billing-info-heading" title="Billing information" gap="xs">
        {billingInfo === null ? (
          <Text c="dimmed">None on file.</Text>
        ) : (
          billingLines.map(([label, value]) => (
            <Text key={label} size="sm">
              {label}: {value ?? '—'}
            </Text>
          ))
        )}
      </ConsoleSection>
    </SimpleGrid>
  );
}
