import { Code, Table, Text } from '@mantine/core';
import { formatMediumDate, type OpsOrganizationDetail } from '@store/core';
import { AddPerpetualLicenseForm } from './add-perpetual-license-form';
import { ConsoleSection } from './console-section';
import { SubscriptionActions } from './subscription-actions';
import { FramedTable } from './table-frame';

export function OrganizationSubscriptions({
  organizationId,
  customer,
  subscriptions,
}: {
  organizationId: number;
  customer: string;
  subscriptions: OpsOrganizationDetail['subscriptions'];
}) {
  return (
    <ConsoleSection headingId="subscriptions-heading" title="Subscriptions">
      {subscriptions.length === 0 ? (
        <Text c="dimmed">No subscriptions.</Text>
      ) : (
        <FramedTable
          label="Subscriptions"
          labelledBy="subscriptions-heading"
          minWidth={900}
          verticalSpacing="xs"
          heads={['Name', 'Product', 'Plan', 'Status', 'License key', 'Next billing', 'Actions']}
        >
          {subscriptions.map((s) => (
            <Table.Tr key={s.subscriptionId}>
              <Table.Td>{s.description}</Table.Td>
              <Table.Td>{s.productTitle}</Table.Td>
              <Table.Td>{s.planName}</Table.Td>
              <Table.Td>{s.status}</Table.Td>
              <Table.Td>
                <Code>{s.licenseKey}</Code>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {s.nextBillingDate ? formatMediumDate(s.nextBillingDate) : '—'}
              </Table.Td>
              <Table.Td>
                {s.renews && (
                  <SubscriptionActions organizationId={organizationId} customer={customer} subscription={s} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </FramedTable>
      )}
      <AddPerpetualLicenseForm organizationId={organizationId} />
    </ConsoleSection>
  );
}
