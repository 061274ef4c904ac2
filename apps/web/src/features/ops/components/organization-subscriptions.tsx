import { Code, Table, Text } from '@mantine/core';
import { formatShortDate, type OpsOrganizationDetail } from '@store/core';
import { AddPerpetualLicenseForm } from './add-perpetual-license-form';
import { ConsoleSection } from './console-section';
import { TableFrame } from './table-frame';

export function OrganizationSubscriptions({
  organizationId,
  subscriptions,
}: {
  organizationId: number;
  subscriptions: OpsOrganizationDetail['subscriptions'];
}) {
  return (
    <ConsoleSection headingId="subscriptions-heading" title="Subscriptions">
      {subscriptions.length === 0 ? (
        <Text c="dimmed">No subscriptions.</Text>
      ) : (
        <TableFrame minWidth={640} label="Subscriptions, scrolls sideways">
          <Table aria-labelledby="subscriptions-heading" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Product</Table.Th>
                <Table.Th scope="col">Plan</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">License key</Table.Th>
                <Table.Th scope="col">Next billing</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subscriptions.map((s) => (
                <Table.Tr key={s.subscriptionId}>
                  <Table.Td>{s.productTitle}</Table.Td>
                  <Table.Td>{s.planName}</Table.Td>
                  <Table.Td>{s.status}</Table.Td>
                  <Table.Td>
                    <Code>{s.licenseKey}</Code>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {s.nextBillingDate ? formatShortDate(s.nextBillingDate) : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableFrame>
      )}
      <AddPerpetualLicenseForm organizationId={organizationId} />
    </ConsoleSection>
  );
}
