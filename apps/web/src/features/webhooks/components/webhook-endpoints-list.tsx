import { Text } from '@mantine/core';
import { type WebhookEndpoint, type WebhookEndpointWithSecret, WebhookMessages } from '@store/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { usePhone } from '../../../lib/phone';
import { showAlert } from '../../alert';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { WebhookDeliveriesModal } from './webhook-deliveries';
import { type Actions, EndpointCards, EndpointTable, type TestOutcome } from './webhook-endpoint-rows';
import { deliveryOutcome } from './webhook-status';

/**
 * The organization's endpoints and what an admin does with each. A rolled secret is handed to
 * `onSecret`, to be shown once.
 */
export function WebhookEndpointsList({
  onSecret,
}: {
  onSecret: (rolled: WebhookEndpointWithSecret) => void;
}) {
  const phone = usePhone();
  const list = useWebhookEndpoints();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendWebhookTest();
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpoint | null>(null);
  const [viewing, setViewing] = useState<WebhookEndpoint | null>(null);
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, TestOutcome>>(new Map());
  const setOutcome = (id: number, outcome: TestOutcome | null) =>
    setOutcomes((was) => {
      const next = new Map(was);
      if (outcome) next.set(id, outcome);
      else next.delete(id);
      return next;
    });

  const actions: Actions = {
    testing: test.isPending ? (test.variables ?? null) : null,
    outcomes,
    onTest: (endpoint) => {
      setOutcome(endpoint.id, null);
      test.mutate(endpoint.id, {
        onSuccess: (delivery) =>
          setOutcome(endpoint.id, {
            text: WebhookMessages.testSent(deliveryOutcome(delivery)),
            delivered: delivery.status === 'delivered',
          }),
      });
    },
    onDeliveries: setViewing,
    onToggle: (endpoint) =>
      update.mutate(
        { id: endpoint.id, change: { enabled: !endpoint.enabled } },
        { onSuccess: () => showAlert({ type: 'success', text: WebhookMessages.saved }) },
      ),
    onRoll: setRolling,
    onDelete: setDeleting,
  };
  const confirmRoll = () => {
    if (!rolling) return;
    const { id } = rolling;
    setRolling(null);
    update.mutate(
      { id, change: { rollSecret: true } },
      {
        onSuccess: (rolled) => {
          showAlert({ type: 'success', text: WebhookMessages.saved });
          onSecret(rolled);
        },
      },
    );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const { id, url } = deleting;
    setDeleting(null);
    remove.mutate(id, {
      onSuccess: () => showAlert({ type: 'success', text: WebhookMessages.deleted(url) }),
    });
  };

  if (!list.data) return null;
  const endpoints = list.data.endpoints;
  return (
    <>
      {endpoints.length === 0 ? (
        <Text c="dimmed">{WebhookMessages.none}</Text>
      ) : phone ? (
        <EndpointCards endpoints={endpoints} actions={actions} />
      ) : (
        <EndpointTable endpoints={endpoints} actions={actions} />
      )}
      <WebhookDeliveriesModal endpoint={viewing} onClose={() => setViewing(null)} />
      <ConfirmModal
        opened={rolling !== null}
        title={WebhookMessages.rollTitle}
        confirmLabel={WebhookMessages.rollButton}
        onCancel={() => setRolling(null)}
        onConfirm={confirmRoll}
      >
        {WebhookMessages.rollConfirm}
      </ConfirmModal>
      <ConfirmModal
        opened={deleting !== null}
        title={WebhookMessages.deleteTitle}
        confirmLabel={WebhookMessages.deleteButton}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {deleting ? WebhookMessages.deleteConfirm(deleting.url) : ''}
      </ConfirmModal>
    </>
  );
}
