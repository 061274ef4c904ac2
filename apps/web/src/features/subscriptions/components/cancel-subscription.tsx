import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CANCELLATION_COMMENT_MAX,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  CancelSubscriptionFormSchema,
  cancelBodyOf,
  Messages,
  type SubscriptionDetail,
  SubscriptionMessages,
} from '@store/core';
import { useState } from 'react';
import { DangerButton } from '../../../components/danger-button';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useCancelSubscription } from '../api/cancel-subscription';

/** Typed as the inputs hold them; the core schema decides what is valid. */
const EMPTY: { typed: string; reason: string; comment: string } = { typed: '', reason: '', comment: '' };

/**
 * Cancel Subscription (spec §5): the exact name must be typed; a mismatch does nothing. After the
 * name the dialog asks why, never requiring it (docs/decisions/035).
 */
export function CancelSubscription({ subscription: s }: { subscription: SubscriptionDetail }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const { form, values, onSubmit, reset } = useSchemaForm(CancelSubscriptionFormSchema, {
    initialValues: EMPTY,
  });
  const close = () => {
    reset();
    setOpen(false);
  };
  const confirm = onSubmit((answer) => {
    close();
    if (answer.typed !== s.description) return;
    cancel.mutate(
      { subscriptionId: s.subscriptionId, why: cancelBodyOf(answer) },
      {
        onSuccess: (updated) =>
          showAlert({
            type: 'success',
            text: `${Messages.cancelledSuccessfully(updated.description)} ${
              updated.deactivateDate ? SubscriptionMessages.accessUntil(updated.deactivateDate) : ''
            }`.trim(),
          }),
      },
    );
  });
  return (
    <>
      <DangerButton onClick={() => setOpen(true)} loading={cancel.isPending}>
        Cancel Subscription
      </DangerButton>
      {/* Composed without Modal.Header: its <header> would be a second banner landmark beside the nav's. */}
      <Modal.Root opened={open} onClose={close} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Body pt="md">
            <form onSubmit={confirm} noValidate>
              <Stack gap="md">
                <Group justify="space-between" wrap="nowrap">
                  <Modal.Title fw={650} fz="lg">
                    Cancel Subscription
                  </Modal.Title>
                  <Modal.CloseButton aria-label="Close" />
                </Group>
                <Text>
                  To cancel, type the subscription name <strong>{s.description}</strong> below. You keep
                  access until the end of the period you paid for; it will not renew.
                </Text>
                <TextInput
                  label="Subscription name"
                  data-autofocus
                  autoComplete="off"
                  {...form.getInputProps('typed')}
                />
                <NativeSelect
                  label="Why are you cancelling? (optional)"
                  {...form.getInputProps('reason')}
                  data={[
                    { value: '', label: 'Choose a reason' },
                    ...CANCELLATION_REASONS.map((r) => ({ value: r, label: CANCELLATION_REASON_LABELS[r] })),
                  ]}
                />
                <Textarea
                  label="Anything you would like to tell us? (optional)"
                  description={`${values.comment.length} of ${CANCELLATION_COMMENT_MAX} characters`}
                  autosize
                  minRows={2}
                  maxRows={6}
                  {...form.getInputProps('comment')}
                />
                <Group justify="flex-end">
                  <Button variant="default" onClick={close}>
                    Keep Subscription
                  </Button>
                  {/* red 9: white on the default filled red is under 4.5:1 (WCAG AA). */}
                  <Button type="submit" color="red.9">
                    Cancel Subscription
                  </Button>
                </Group>
              </Stack>
            </form>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
