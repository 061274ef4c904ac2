import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../alert';
import { useMarkBillPaid } from '../api/mark-bill-paid';

/** Records an open invoice's payment made outside the gateway, with its reference (a transfer id). */
export function MarkPaidForm({ orderId }: { orderId: number }) {
  const [reference, setReference] = useState('');
  const mark = useMarkBillPaid();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reference.trim()) return;
    mark.mutate(
      { orderId, reference: reference.trim() },
      { onSuccess: () => showAlert({ type: 'success', text: `Bill ${orderId} marked paid` }) },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Mark paid">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Payment reference"
          description="The bank transfer or cheque that paid this invoice"
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          required
          maxLength={200}
          w={{ base: '100%', sm: 320 }}
        />
        <Button type="submit" disabled={!reference.trim()} loading={mark.isPending}>
          Mark paid
        </Button>
      </Group>
    </form>
  );
}
