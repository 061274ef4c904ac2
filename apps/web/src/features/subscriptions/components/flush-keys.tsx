import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Messages, type SubscriptionDetail } from '@store/core';
import { useState } from 'react';
import { showAlert } from '../../alert';
import { useFlushKeys } from '../api/flush-keys';

/** Flush Keys (spec §5, §6): asks the spec's question; No leaves the key as it is. */
export function FlushKeys({ subscription: s }: { subscription: SubscriptionDetail }) {
  const [asking, setAsking] = useState(false);
  const flush = useFlushKeys();
  const refuse = () => {
    setAsking(false);
    showAlert({ type: 'success', text: Messages.keyNotFlushed });
  };
  const confirm = () => {
    setAsking(false);
    flush.mutate(s.subscriptionId, {
      onSuccess: () => showAlert({ type: 'success', text: Messages.keyFlushed }),
    });
  };
  return (
    <>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="xs" c="dimmed" style={{ flex: '1 1 14rem' }}>
          Moving an engine to a new server? Flushing releases every machine activated with this key.
        </Text>
        <Button
          variant="outline"
          color="brand.7"
          size="xs"
          onClick={() => setAsking(true)}
          loading={flush.isPending}
        >
          Flush Keys
        </Button>
      </Group>
      <Modal opened={asking} onClose={refuse} title="Flush Keys" centered>
        <Stack gap="md">
          <Text>{Messages.flushKeysConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={refuse}>
              No
            </Button>
            <Button color="brand.7" onClick={confirm} data-autofocus>
              Yes, flush
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
