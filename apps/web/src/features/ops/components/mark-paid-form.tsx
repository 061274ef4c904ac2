import { Button, Group, Text, TextInput } from '@mantine/core';
import { formatUsd, type OpsBillDetail, OpsConfirmations, OpsMarkPaidBodySchema, toCents } from '@store/core';
import { useState } from 'react';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useMarkBillPaid } from '../api/mark-bill-paid';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';

/** Records an open invoice's payment made outside the gateway, with its reference (a transfer id). */
export function MarkPaidForm({ bill }: { bill: OpsBillDetail['bill'] }) {
  const { orderId } = bill;
  const mark = useMarkBillPaid();
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const { form, valid, onSubmit } = useSchemaForm(OpsMarkPaidBodySchema, {
    initialValues: { reference: '' },
  });
  const submit = onSubmit(({ reference }) => {
    const amount = formatUsd(toCents(bill.total));
    setAsking({
      title: 'Mark paid',
      body: (
        <Text>
          {OpsConfirmations.markPaid(
            amount,
            bill.invoiceNumber ?? `#${orderId}`,
            bill.organizationName,
            reference,
          )}
        </Text>
      ),
      typeLabel: 'Bill total (USD)',
      expected: bill.total.toFixed(2),
      confirmLabel: `Mark ${amount} paid`,
      onConfirm: () =>
        mark.mutate(
          { orderId, reference },
          { onSuccess: () => showAlert({ type: 'success', text: `Bill ${orderId} marked paid` }) },
        ),
    });
  });
  return (
    <>
      {/* Outside the form: a dialog's submit would bubble through the portal into this form. */}
      <ConfirmDialog confirmation={asking} onClose={() => setAsking(null)} />
      <form onSubmit={submit} aria-label="Mark paid">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Payment reference"
            description="The bank transfer or cheque that paid this invoice"
            required
            maxLength={200}
            w={{ base: '100%', sm: 320 }}
            {...form.getInputProps('reference')}
          />
          <Button type="submit" disabled={!valid} loading={mark.isPending}>
            Mark paid
          </Button>
        </Group>
      </form>
    </>
  );
}
