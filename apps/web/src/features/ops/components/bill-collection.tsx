import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  formatMediumDateTime,
  formatUsd,
  type OpsBillActionAnswer,
  type OpsBillDetail,
  OpsCloseBillBodySchema,
  OpsConfirmations,
  toCents,
} from '@store/core';
import { type ReactNode, useRef, useState } from 'react';
import { useSchemaForm } from '../../../lib/form';
import { useRetryBill } from '../api/retry-bill';
import { useVoidBill } from '../api/void-bill';
import { useWriteOffBill } from '../api/write-off-bill';
import { BillNoteInput } from './bill-note-input';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { ConsoleSection } from './console-section';
import { MarkPaidForm } from './mark-paid-form';

type Bill = OpsBillDetail['bill'];
const amountOf = (bill: Bill) => formatUsd(toCents(bill.total));

/**
 * The bill page's collection of an unpaid bill (docs/decisions/029): Retry now, Record payment, Void
 * and Write off, each where the server's rule says it applies and each after a typed confirmation of
 * the amount naming the customer. What the action did stays said under it after the bill reloads.
 */
export function BillCollection({ detail }: { detail: OpsBillDetail }) {
  const { bill } = detail;
  const [result, setResult] = useState<OpsBillActionAnswer | null>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const { actions } = bill;
  const any = actions.retry || actions.recordPayment || actions.void || actions.writeOff;
  if (!any && !result && !bill.chargeInFlight) return null;
  return (
    <ConsoleSection headingId="collection-heading" title="Collection">
      <ConfirmDialog confirmation={asking} onClose={() => setAsking(null)} />
      {bill.chargeInFlight && (
        <Text>
          A charge of this bill is in progress at the card processor. Its outcome arrives within minutes;
          reload the bill then.
        </Text>
      )}
      {result && (
        <Alert
          role="status"
          color={result.outcome === 'declined' ? 'red' : 'teal'}
          title={result.outcome === 'declined' ? 'Declined' : 'Done'}
          // The light alert's title in its own colour is under 4.5:1 (WCAG AA) on its tint: the text's.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {result.message}
        </Alert>
      )}
      {actions.retry && (
        <Part title="Charge the card">
          <RetryNow bill={bill} ask={setAsking} onDone={setResult} />
        </Part>
      )}
      {actions.recordPayment && (
        <Part title="Payment received outside the card processor">
          <MarkPaidForm bill={bill} onDone={setResult} />
        </Part>
      )}
      {(actions.void || actions.writeOff) && (
        <Part title="Close the bill">
          <Text size="sm" c="dimmed">
            Void: nothing is owed and a subscription it ended runs again. Write off: it stays unpaid as
            uncollectible, and its subscriptions end when its grace does.
          </Text>
          <CloseBillForm bill={bill} ask={setAsking} onDone={setResult} />
        </Part>
      )}
    </ConsoleSection>
  );
}

/** One of the section's actions under its own heading. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} mt="xs">
      <Title order={4} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

interface ActionProps {
  bill: Bill;
  ask(confirmation: Confirmation): void;
  onDone(answer: OpsBillActionAnswer): void;
}

function RetryNow({ bill, ask, onDone }: ActionProps) {
  const retry = useRetryBill();
  const card = bill.card ?? 'card on file';
  const start = () =>
    ask({
      title: 'Retry now',
      body: <Text>{OpsConfirmations.retryNow(amountOf(bill), bill, bill.organizationName, card)}</Text>,
      typeLabel: 'Bill total (USD)',
      expected: bill.total.toFixed(2),
      confirmLabel: `Charge ${amountOf(bill)} now`,
      onConfirm: () => retry.mutate({ orderId: bill.orderId }, { onSuccess: onDone }),
    });
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Button onClick={start} loading={retry.isPending}>
        Retry now
      </Button>
      <Text size="sm" c="dimmed">
        Charges the {card} now, as a scheduled retry would
        {bill.nextRetry ? ` (next scheduled: ${formatMediumDateTime(bill.nextRetry)})` : ''}.
      </Text>
    </Group>
  );
}

/** Void or Write off, with the reason kept on the bill and in the log. */
function CloseBillForm({ bill, ask, onDone }: ActionProps) {
  const voiding = useVoidBill();
  const writingOff = useWriteOffBill();
  // Which button submitted: read by the submit handler of the same click, so not React state.
  const to = useRef<'void' | 'writeOff'>('void');
  const { form, valid, onSubmit, reset } = useSchemaForm(OpsCloseBillBodySchema, {
    initialValues: { reason: '' },
  });
  const done = (answer: OpsBillActionAnswer) => {
    reset();
    onDone(answer);
  };
  const amount = amountOf(bill);
  const submit = onSubmit(({ reason }) => {
    const args = [amount, bill, bill.organizationName] as const;
    ask(
      to.current === 'void'
        ? {
            title: 'Void bill',
            body: <Text>{OpsConfirmations.voidBill(...args)}</Text>,
            typeLabel: 'Bill total (USD)',
            expected: bill.total.toFixed(2),
            confirmLabel: `Void ${amount}`,
            onConfirm: () => voiding.mutate({ orderId: bill.orderId, reason }, { onSuccess: done }),
          }
        : {
            title: 'Write off',
            body: <Text>{OpsConfirmations.writeOff(...args)}</Text>,
            typeLabel: 'Bill total (USD)',
            expected: bill.total.toFixed(2),
            confirmLabel: `Write off ${amount}`,
            onConfirm: () => writingOff.mutate({ orderId: bill.orderId, reason }, { onSuccess: done }),
          },
    );
  });
  return (
    <form onSubmit={submit} aria-label="Void or write off">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <BillNoteInput
            label="Reason"
            description="Why this bill is voided or written off: kept with it and in the log"
            {...form.getInputProps('reason')}
          />
          {bill.actions.void && (
            <Button
              type="submit"
              variant="default"
              disabled={!valid}
              loading={voiding.isPending}
              onClick={() => {
                to.current = 'void';
              }}
            >
              Void bill
            </Button>
          )}
          {bill.actions.writeOff && (
            <Button
              type="submit"
              variant="default"
              disabled={!valid}
              loading={writingOff.isPending}
              onClick={() => {
                to.current = 'writeOff';
              }}
            >
              Write off
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
