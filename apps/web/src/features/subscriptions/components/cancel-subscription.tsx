import { Button, Modal, Text } from '@mantine/core';
import { Messages, type SubscriptionDetail, SubscriptionMessages } from '@store/core';
import { useState } from 'react';
import { TypedConfirmationForm } from '../../../components/typed-confirmation-form';
import { showAlert } from '../../alert';
import { useCancelSubscription } from '../api/cancel-subscription';

/** Cancel Subscription (spec §5): the exact name must be typed; a mismatch does nothing. */
export function CancelSubscription({ subscription: s }: { subscription: SubscriptionDetail }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const close = () => setOpen(false);
  const confirm = (typed: string) => {
    close();
    if (typed !== s.description) return;
    cancel.mutate(s.subscriptionId, {
      onSuccess: (updated) =>
        showAlert({
          type: 'success',
          text: `${Messages.cancelledSuccessfully(updated.description)} ${
            updated.deactivateDate ? SubscriptionMessages.accessUntil(updated.deactivateDate) : ''
          }`.trim(),
        }),
    });
  };
  return (
    <>
      <Button color="red.9" variant="outline" onClick={() => setOpen(true)} loading={cancel.isPending}>
        Cancel Subscription
      </Button>
      <Modal opened={open} onClose={close} title="Cancel Subscription" centered>
        <TypedConfirmationForm
          label="Subscription name"
          keepLabel="Keep Subscription"
          confirmLabel="Cancel Subscription"
          onKeep={close}
          onConfirm={confirm}
        >
          <Text>
            To cancel, type the subscription name <strong>{s.description}</strong> below. You keep access
            until the end of the period you paid for; it will not renew.
          </Text>
        </TypedConfirmationForm>
      </Modal>
    </>
  );
}
