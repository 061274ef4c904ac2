import { Button, Group, Text } from '@mantine/core';
import {
  formatUsd,
  type OpsBillActionAnswer,
  type OpsBillDetail,
  OpsConfirmations,
  OpsMarkPaidBodySchema,
  toCents,
} from '@store/core';
import { useState } from 'react';
import { useSchemaForm } from '../../../lib/form';
import { useMarkBillPaid } from '../api/mark-bill-paid';
import { BillNoteInput } from './bill-note-input';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';

/**
 * Records a payment of an unpaid bill received outside the card processor, card bill or invoice,
 * with its reference (a transfer id, a cheque number), after the operator confirms the amount.
 */
export function MarkPaidForm({
  bill,
  onDone,
}: {
  bill: OpsBillDetail['bill'];
  onDone(answer: OpsBillActionAnswer): void;
}) {
  const { orderId } = bill;
  const mark = useMarkBillPaid();
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const { form, valid, onSubmit, reset } = useSchemaForm(OpsMarkPaidBodySchema, {
    initialValues: { reference: '' },
  });
  const submit = onSubmit(({ reference }) => {
    const amount = formatUsd(toCents(bill.total));
    setAsking({
      title: 'Record payment',
      body: <Text>{OpsConfirmations.markPaid(amount, bill, bill.organizationName, reference)}</Text>,
      typeLabel: 'Bill total (USD)',
      expected: bill.total.toFixed(2),
      confirmLabel: `Record ${amount} paid`,
      onConfirm: () =>
        mark.mutate(
          { orderId, reference },
          {
            onSuccess: (answer) => {
              reset();
              onDone(answer);
            },
          },
        ),
    });
  });
  return (
    <>
      {/* Outside the form: a dialog's submit would bubble through the portal into this form. */}
      <ConfirmDialog confirmation={asking} onClose={() => setAsking(null)} />
      <form onSubmit={submit} aria-label="Record payment">
        <Group align="flex-end" gap="sm">
          <BillNoteInput
            label="Payment reference"
            description="The bank transfer or cheque that paid this bill outside the card processor"
            {...form.getInputProps('reference')}
          />
          <Button type="submit" disabled={!valid} loading={mark.isPending}>
            Record payment
          </Button>
        </Group>
      </form>
    </>
  );
}
