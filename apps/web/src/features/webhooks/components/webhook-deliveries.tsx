import { Button, Group, Loader, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import {
  formatMediumDateTime,
  type WebhookDelivery,
  type WebhookEndpoint,
  WebhookMessages,
} from '@store/core';
import { useState } from 'react';
import { CardList } from '../../../components/card-list';
import { ColumnHeads } from '../../../components/column-heads';
import { usePhone } from '../../../lib/phone';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRetryWebhookDelivery } from '../api/retry-webhook-delivery';
import { DeliveryDetails } from './webhook-delivery-details';
import { DeliveryStatusBadge, deliveryOutcome, lastAnswer } from './webhook-status';

const columns = WebhookMessages.columns;

/** The table's column heads, in the order of DeliveryRow's cells; a last column holds the buttons. */
const tableHeads = [
  columns.event,
  columns.sent,
  columns.status,
  columns.attempts,
  columns.answer,
  columns.nextAttempt,
];

interface RowProps {
  delivery: WebhookDelivery;
  open: boolean;
  onToggle: () => void;
  onRetry: () => void;
  retrying: boolean;
}

function DeliveryActions({ delivery, open, onToggle, onRetry, retrying }: RowProps) {
  const at = formatMediumDateTime(delivery.createdAt);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant={open ? 'light' : 'default'}
        size="compact-sm"
        aria-expanded={open}
        aria-controls={open ? detailsId(delivery) : undefined}
        aria-label={WebhookMessages.detailsOf(delivery.type, at)}
        onClick={onToggle}
      >
        {WebhookMessages.details}
      </Button>
      <Button
        variant="outline"
        size="compact-sm"
        loading={retrying}
        aria-label={WebhookMessages.retryOf(delivery.type, at)}
        onClick={onRetry}
      >
        {WebhookMessages.retry}
      </Button>
    </Group>
  );
}

const detailsId = (delivery: WebhookDelivery) => `webhook-delivery-${delivery.id}`;

const NextAttempt = ({ delivery }: { delivery: WebhookDelivery }) =>
  delivery.nextAttemptAt ? (
    formatMediumDateTime(delivery.nextAttemptAt)
  ) : (
    <Text span c="dimmed" size="sm">
      {WebhookMessages.noNextAttempt}
    </Text>
  );

const EventType = ({ delivery }: { delivery: WebhookDelivery }) => (
  <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
    {delivery.type}
  </Text>
);

function DeliveryRow(props: RowProps) {
  const { delivery, open } = props;
  return (
    <>
      <Table.Tr data-delivery-id={delivery.id}>
        <Table.Td>
          <EventType delivery={delivery} />
        </Table.Td>
        <Table.Td>{formatMediumDateTime(delivery.createdAt)}</Table.Td>
        <Table.Td>
          <DeliveryStatusBadge status={delivery.status} />
        </Table.Td>
        <Table.Td>{delivery.attempts.length}</Table.Td>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>{lastAnswer(delivery)}</Table.Td>
        <Table.Td>
          <NextAttempt delivery={delivery} />
        </Table.Td>
        <Table.Td>
          <DeliveryActions {...props} />
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          {/* Across the whole row: every head's column and the buttons' one. */}
          <Table.Td colSpan={tableHeads.length + 1} p={0}>
            <DeliveryDetails delivery={delivery} id={detailsId(delivery)} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

function DeliveryCard(props: RowProps) {
  const { delivery, open } = props;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-delivery-id={delivery.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <EventType delivery={delivery} />
          <DeliveryStatusBadge status={delivery.status} />
        </Group>
        <Text size="sm">
          {columns.sent}: {formatMediumDateTime(delivery.createdAt)}
        </Text>
        <Text size="sm">
          {columns.attempts}: {delivery.attempts.length}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {columns.answer}: {lastAnswer(delivery)}
        </Text>
        <Text size="sm">
          {columns.nextAttempt}: <NextAttempt delivery={delivery} />
        </Text>
        <DeliveryActions {...props} />
        {open && <DeliveryDetails delivery={delivery} id={detailsId(delivery)} />}
      </Stack>
    </Paper>
  );
}

/** The newest messages to one endpoint; each opens to its attempts and body, and can be sent again. */
function DeliveriesList({ endpoint }: { endpoint: WebhookEndpoint }) {
  const phone = usePhone();
  const list = useWebhookDeliveries(endpoint.id);
  const retry = useRetryWebhookDelivery();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  // Said inside the dialog: the screen's alert banner is behind its overlay.
  const [outcome, setOutcome] = useState('');
  if (!list.data) return list.isPending ? <Loader size="sm" aria-label={WebhookMessages.deliveries} /> : null;
  const deliveries = list.data.deliveries;
  const rowProps = (delivery: WebhookDelivery): RowProps => ({
    delivery,
    open: open.has(delivery.id),
    retrying: retry.isPending && retry.variables?.deliveryId === delivery.id,
    onToggle: () =>
      setOpen((was) => {
        const next = new Set(was);
        if (!next.delete(delivery.id)) next.add(delivery.id);
        return next;
      }),
    onRetry: () => {
      setOutcome('');
      retry.mutate(
        { endpointId: endpoint.id, deliveryId: delivery.id },
        { onSuccess: (after) => setOutcome(WebhookMessages.retried(deliveryOutcome(after))) },
      );
    },
  });
  return (
    <Stack gap="sm">
      <Text role="status" size="sm" fw={600}>
        {outcome}
      </Text>
      {deliveries.length === 0 ? (
        <Text c="dimmed">{WebhookMessages.noDeliveries}</Text>
      ) : phone ? (
        <CardList label={WebhookMessages.deliveries}>
          {deliveries.map((delivery) => (
            <DeliveryCard key={delivery.id} {...rowProps(delivery)} />
          ))}
        </CardList>
      ) : (
        <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label={WebhookMessages.deliveries}>
          <ColumnHeads names={tableHeads} actions={WebhookMessages.actions} />
          <Table.Tbody>
            {deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} {...rowProps(delivery)} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * The deliveries of one endpoint in a dialog. Composed without Modal.Header, whose <header> would be
 * a second banner landmark beside the nav's; on a phone it takes the whole screen.
 */
export function WebhookDeliveriesModal({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  const phone = usePhone();
  return (
    <Modal.Root opened={endpoint !== null} onClose={onClose} size="min(1080px, 96vw)" fullScreen={phone}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="md">
          {endpoint && (
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Modal.Title fw={650} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                  {WebhookMessages.deliveriesOf(endpoint.url)}
                </Modal.Title>
                <Modal.CloseButton aria-label={WebhookMessages.close} />
              </Group>
              <DeliveriesList endpoint={endpoint} />
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
