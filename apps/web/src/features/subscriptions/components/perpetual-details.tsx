import { Loader, Paper, Stack, Table, Title } from '@mantine/core';
import { productLabel } from '@store/core';
import { usePerpetualLicense } from '../api/get-perpetual-license';

/** A perpetual license's terms (GET /api/perpetualstorelicense/{subscriptionId}). */
export function PerpetualDetails({ subscriptionId }: { subscriptionId: number }) {
  const license = usePerpetualLicense(subscriptionId);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Perpetual License
        </Title>
        {license.isPending ? (
          <Loader size="sm" aria-label="Loading license" />
        ) : license.data ? (
          <Table withRowBorders={false} verticalSpacing={4} fz="sm" aria-label="Perpetual license">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Description</Table.Td>
                <Table.Td ta="right">{license.data.description}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Product</Table.Td>
                <Table.Td ta="right">{productLabel(license.data.product)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Version</Table.Td>
                <Table.Td ta="right">{license.data.version}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Machines</Table.Td>
                <Table.Td ta="right">{license.data.numMachines}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>CPUs per machine</Table.Td>
                <Table.Td ta="right">{license.data.numCpus}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}
