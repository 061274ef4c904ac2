import { Loader, Stack, Title } from '@mantine/core';
import { BillHistoryTable, useBillHistory } from '../../../features/billing-history';

/** Billing History (spec §2): the organization's bills, newest first, each with its invoice PDF. */
export default function BillingHistoryScreen() {
  const bills = useBillHistory();
  return (
    <Stack gap="lg">
      <Title order={1}>Billing History</Title>
      {bills.isPending ? (
        <Loader aria-label="Loading bills" />
      ) : (
        <BillHistoryTable bills={bills.data ?? []} />
      )}
    </Stack>
  );
}
