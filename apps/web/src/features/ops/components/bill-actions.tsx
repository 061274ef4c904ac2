import { Alert, Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  formatMediumDate,
  formatUsd,
  type OpsBillDetail,
  OpsConfirmations,
  type OpsDispute,
  OpsDisputeTexts,
  type RefundAnswer,
  RefundMessages,
  type RefundRequest,
  RefundSchema,
  refundableCents,
  toCents,
} from '@store/core';
import { useMemo, useState } from 'react';
import { z } from 'zod/mini';
import { NumberField } from '../../../components/number-field';
import { useSchemaForm } from '../../../lib/form';
import { useRefundBill } from '../api/refund-bill';
import { type RefundLimits, refundFormSchema, refundFormValues } from '../refund-form';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { ConsoleSection } from './console-section';
import { FramedTable } from './table-frame';

const RefundsSchema = z.array(RefundSchema);
const newKey = () => crypto.randomUUID();

/**
 * The bill page's actions on a paid bill: its refunds and credit notes, and the Refund form (amount,
 * reason, end subscription; for a bill paid by invoice, how the money went back). The answer's
 * sentence states the result (docs/decisions/016). A disputed charge is offered no refund: the
 * dispute settles it (docs/decisions/028), and the server refuses one too.
 */
export function BillActions({ detail, disputes = [] }: { detail: OpsBillDetail; disputes?: OpsDispute[] }) {
  const { bill, attempts } = detail;
  const refunds = RefundsSchema.safeParse(detail.refunds).data ?? [];
  if (bill.status !== 'Paid') return null;
  const refunded = refunds
    .filter((r) => r.status !== 'failed')
    .reduce((sum, r) => sum + toCents(r.amount), 0);
  const left = refundableCents(toCents(bill.total), refunded);
  const byCard = attempts.some((a) => a.status === 'succeeded');
  return (
    <ConsoleSection headingId="refunds-heading" title="Refunds" gap="xs">
      {refunds.length > 0 && (
        <FramedTable
          label="Refunds"
          labelledBy="refunds-heading"
          minWidth={420}
          heads={['Date', 'Credit note', 'Status', 'Reason', { name: 'Amount (USD)', numeric: true }]}
        >
          {refunds.map((r) => (
            <Table.Tr key={r.refundId}>
              <Table.Td>{formatMediumDate(r.refundedAt ?? r.createdAt)}</Table.Td>
              <Table.Td>{r.creditNoteNumber ?? '—'}</Table.Td>
              <Table.Td>{r.status}</Table.Td>
              <Table.Td>{r.reason}</Table.Td>
              <Table.Td ta="right">{formatUsd(toCents(r.amount))}</Table.Td>
            </Table.Tr>
          ))}
        </FramedTable>
      )}
      {disputes.length > 0 ? (
        <Text>{OpsDisputeTexts.refundNotOffered}</Text>
      ) : left > 0 ? (
        <RefundForm
          bill={bill}
          limits={{ paidCents: toCents(bill.total), refundedCents: refunded }}
          byCard={byCard}
        />
      ) : (
        <Text>This bill is refunded in full.</Text>
      )}
    </ConsoleSection>
  );
}

function RefundForm({
  bill,
  limits,
  byCard,
}: {
  bill: OpsBillDetail['bill'];
  limits: RefundLimits;
  byCard: boolean;
}) {
  const { orderId } = bill;
  const leftCents = refundableCents(limits.paidCents, limits.refundedCents);
  const { paidCents, refundedCents } = limits;
  const { invoiceNumber } = bill;
  const schema = useMemo(
    () => refundFormSchema({ orderId, invoiceNumber }, byCard, { paidCents, refundedCents }),
    [orderId, invoiceNumber, byCard, paidCents, refundedCents],
  );
  const { form, valid, onSubmit, reset } = useSchemaForm(schema, { initialValues: refundFormValues() });
  const [key, setKey] = useState(newKey);
  const [result, setResult] = useState<RefundAnswer | null>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const refund = useRefundBill();
  const send = (body: RefundRequest) =>
    refund.mutate(
      { orderId, idempotencyKey: key, body },
      {
        onSuccess: (answer) => {
          setResult(answer);
          // The next refund is another request; a resend of this one (same key) refunds once.
          setKey(newKey());
          reset(refundFormValues());
        },
      },
    );
  const submit = onSubmit((values) => {
    if (refund.isPending) return;
    const body = {
      amount: values.amount,
      reason: values.reason,
      endSubscription: values.endSubscription ?? false,
      ...(byCard ? {} : { offlineMethod: values.offlineMethod }),
    };
    const amount = formatUsd(toCents(values.amount));
    setAsking({
      title: 'Refund',
      body: (
        <>
          <Text>{OpsConfirmations.refund(amount, bill, bill.organizationName, byCard)}</Text>
          {body.endSubscription && <Text>{OpsConfirmations.endsSubscriptions}</Text>}
        </>
      ),
      typeLabel: 'Amount to refund (USD)',
      expected: values.amount.toFixed(2),
      confirmLabel: body.endSubscription ? `Refund ${amount} and end` : `Refund ${amount}`,
      onConfirm: () => send(body),
    });
  });
  return (
    <>
      {/* Outside the form: a dialog's submit would bubble through the portal into the Refund form. */}
      <ConfirmDialog confirmation={asking} onClose={() => setAsking(null)} />
      <form onSubmit={submit} aria-label="Refund">
        <Stack gap="sm" mt="sm">
          <Text size="sm" c="dimmed">
            Up to {formatUsd(leftCents)} is left to refund{byCard ? ', to the card that paid' : ''}.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NumberField
              label="Refund amount (USD)"
              {...form.getInputProps('amount')}
              min={0.01}
              max={leftCents / 100}
              // The form's message says it is more than is left; clamping would refund another figure.
              clampBehavior="none"
              decimalScale={2}
              required
              w={{ base: '100%', sm: 180 }}
            />
            <TextInput
              label="Reason"
              {...form.getInputProps('reason')}
              required
              maxLength={500}
              w={{ base: '100%', sm: 320 }}
            />
            {!byCard && (
              <TextInput
                label="How the money went back"
                description={RefundMessages.offlineMethodRequired(bill).split(': ')[1]}
                {...form.getInputProps('offlineMethod')}
                required
                maxLength={200}
                w={{ base: '100%', sm: 320 }}
              />
            )}
          </Group>
          <Checkbox
            label="End the subscription (a full refund of its current period)"
            {...form.getInputProps('endSubscription', { type: 'checkbox' })}
          />
          <Group>
            <Button type="submit" disabled={!valid} loading={refund.isPending}>
              Refund
            </Button>
          </Group>
          {result && (
            <Alert role="status" color={result.refund.status === 'failed' ? 'red' : 'green'} title="Refund">
              {result.message}
            </Alert>
          )}
        </Stack>
      </form>
    </>
  );
}
