import { Button, Group, TextInput } from '@mantine/core';
import { OpsMarkPaidBodySchema } from '@store/core';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useMarkBillPaid } from '../api/mark-bill-paid';

/** Records an open invoice's payment made outside the gateway, with its reference (a transfer id). */
export function MarkPaidForm({ orderId }: { orderId: number }) {
  const mark = useMarkBillPaid();
  const { form, valid, onSubmit } = useSchemaForm(OpsMarkPaidBodySchema, {
    initialValues: { reference: '' },
  });
  const submit = onSubmit(({ reference }) =>
    mark.mutate(
      { orderId, reference },
      { onSuccess: () => showAlert({ type: 'success', text: `Bill ${orderId} marked paid` }) },
    ),
  );
  return (
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
  );
}
