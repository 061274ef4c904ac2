import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  Messages,
  type SubscriptionDetail,
  SubscriptionMessages,
  TypedConfirmationSchema,
} from '@store/core';
import { useState } from 'react';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useCancelSubscription } from '../api/cancel-subscription';

/** Cancel Subscription (spec §5): the exact name must be typed; a mismatch does nothing. */
export function CancelSubscription({ subscription: s }: { subscription: SubscriptionDetail }) {
  const [open, setOpen] = useState(false);
  const { form, onSubmit, reset } = useSchemaForm(TypedConfirmationSchema, { initialValues: { typed: '' } });
  const cancel = useCancelSubscription();
  const close = () => {
    setOpen(false);
    reset();
  };
  const submit = onSubmit(({ typed }) => {
    const matches = typed === s.description;
    close();
    if (!matches) return;
    cancel.mutate(s.subscriptionId, {
      onSuccess: (updated) =>
        showAlert({
          type: 'success',
          text: `${Messages.cancelledSuccessfully(updated.description)} ${
            updated.deactivateDate ? SubscriptionMessages.accessUntil(updated.deactivateDate) : ''
          }`.trim(),
        }),
    });
  });
  return (
    <>
      <Button color="red.9" variant="outline" onClick={() => setOpen(true)} loading={cancel.isPending}>
        Cancel Subscription
      </Button>
      <Modal opened={open} onClose={close} title="Cancel Subscription" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text>
              To cancel, type the subscription name <strong>{s.description}</strong> below. You keep access
              until the end of the period you paid for; it will not renew.
            </Text>
            <TextInput
              label="Subscription name"
              data-autofocus
              autoComplete="off"
              {...form.getInputProps('typed')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Keep Subscription
              </Button>
              <Button type="submit" color="red.9">
                Cancel Subscription
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
