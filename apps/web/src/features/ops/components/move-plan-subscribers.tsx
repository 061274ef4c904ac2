import { Button, Select, Text } from '@mantine/core';
import { OpsActionConfirmations, type OpsPlan } from '@store/core';
import { useState } from 'react';
import { useSchemaForm } from '../../../lib/form';
import { useMovePlanSubscribers } from '../api/move-plan-subscribers';
import { MoveSubscribersFormSchema } from '../subscription-action-forms';
import { ActionForm } from './action-form';
import { announce } from './announce';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { OpsModal } from './ops-modal';

/**
 * A retired plan's subscribers onto a plan of the product on sale, at their next renewal, with a mail
 * to their organizations' admins (docs/decisions/031).
 */
export function MovePlanSubscribers({ plan, plans }: { plan: OpsPlan; plans: OpsPlan[] }) {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const move = useMovePlanSubscribers();
  const { form, valid, onSubmit } = useSchemaForm(MoveSubscribersFormSchema, {
    initialValues: { toPlanId: null as string | null },
  });
  const onSale = plans.filter((p) => p.isAvailable && p.pricingPlanId !== plan.pricingPlanId);
  const submit = onSubmit(({ toPlanId }) => {
    const to = onSale.find((p) => String(p.pricingPlanId) === toPlanId)!;
    setOpen(false);
    setAsking({
      title: 'Move subscribers',
      body: (
        <Text>
          {OpsActionConfirmations.moveSubscribers(plan.subscriberCount, plan.planName, to.planName)}
        </Text>
      ),
      typeLabel: 'Plan to move to',
      expected: to.planName,
      confirmLabel: 'Move subscribers',
      onConfirm: () => announce(move.mutateAsync({ planId: plan.pricingPlanId, toPlanId: to.pricingPlanId })),
    });
  });
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        onClick={() => setOpen(true)}
        aria-label={`Move subscribers of ${plan.planName}`}
      >
        Move subscribers
      </Button>
      {open && (
        <OpsModal
          id="move-subscribers"
          title={`Move subscribers of ${plan.planName}`}
          size="md"
          onClose={() => setOpen(false)}
        >
          <ActionForm label="Move the subscribers to another plan" onSubmit={submit} valid={valid}>
            <Select
              label="Plan to move to"
              placeholder="Choose a plan"
              data={onSale.map((p) => ({ value: String(p.pricingPlanId), label: p.planName }))}
              required
              {...form.getInputProps('toPlanId')}
            />
          </ActionForm>
        </OpsModal>
      )}
      <ConfirmDialog confirmation={asking} onClose={() => setAsking(null)} />
    </>
  );
}
