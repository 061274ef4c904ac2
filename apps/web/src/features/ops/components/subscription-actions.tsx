import { Button, Group, NumberInput, Radio, Select, Stack, Text } from '@mantine/core';
import { formatLongDate, formatUsd, OpsActionConfirmations, type OpsSubscriptionRow } from '@store/core';
import { useState } from 'react';
import { DangerButton } from '../../../components/danger-button';
import { useSchemaForm } from '../../../lib/form';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useChangeSubscription } from '../api/change-subscription';
import { useExtendSubscription } from '../api/extend-subscription';
import { useCatalog } from '../api/get-catalog';
import { useQuoteSubscriptionChange } from '../api/quote-subscription-change';
import {
  CancelFormSchema,
  ExtendFormSchema,
  extendedTo,
  SubscriptionChangeFormSchema,
  type SubscriptionChangeFormValues,
} from '../subscription-action-forms';
import { ActionForm } from './action-form';
import { announce } from './announce';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { OpsModal } from './ops-modal';

type Open = 'cancel' | 'change' | 'extend' | null;

/**
 * Cancel, Change plan and Extend of one renewing subscription (docs/decisions/031): each asks its
 * input in a dialog, then a typed confirmation naming the customer and the amount or date.
 */
export function SubscriptionActions({
  organizationId,
  customer,
  subscription: s,
}: {
  organizationId: number;
  customer: string;
  subscription: OpsSubscriptionRow;
}) {
  const [open, setOpen] = useState<Open>(null);
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const ids = { organizationId, subscriptionId: s.subscriptionId };
  const ask = (c: Confirmation) => {
    setOpen(null);
    setAsking(c);
  };
  const label = (what: string) => `${what}: ${s.description}`;
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" variant="light" aria-label={label('Change plan')} onClick={() => setOpen('change')}>
          Change plan
        </Button>
        <Button size="xs" variant="light" aria-label={label('Extend')} onClick={() => setOpen('extend')}>
          Extend
        </Button>
        <DangerButton size="xs" aria-label={label('Cancel subscription')} onClick={() => setOpen('cancel')}>
          Cancel
        </DangerButton>
      </Group>
      {open === 'cancel' && (
        <CancelDialog s={s} customer={customer} ids={ids} ask={ask} onClose={() => setOpen(null)} />
      )}
      {open === 'extend' && (
        <ExtendDialog s={s} customer={customer} ids={ids} ask={ask} onClose={() => setOpen(null)} />
      )}
      {open === 'change' && (
        <ChangeDialog s={s} customer={customer} ids={ids} ask={ask} onClose={() => setOpen(null)} />
      )}
      <ConfirmDialog confirmation={asking} onClose={() => setAsking(null)} />
    </>
  );
}

interface DialogProps {
  s: OpsSubscriptionRow;
  customer: string;
  ids: { organizationId: number; subscriptionId: number };
  ask(c: Confirmation): void;
  onClose(): void;
}

function CancelDialog({ s, customer, ids, ask, onClose }: DialogProps) {
  const cancel = useCancelSubscription();
  const { form, onSubmit } = useSchemaForm(CancelFormSchema, { initialValues: { when: 'periodEnd' } });
  const ends = s.nextBillingDate ? formatLongDate(s.nextBillingDate) : '';
  const submit = onSubmit(({ when }) =>
    ask({
      title: 'Cancel subscription',
      body: (
        <Text>
          {when === 'now'
            ? OpsActionConfirmations.cancelNow(s.description, customer)
            : OpsActionConfirmations.cancelAtPeriodEnd(s.description, customer, ends)}
        </Text>
      ),
      typeLabel: 'Subscription name',
      expected: s.description,
      confirmLabel: 'Cancel subscription',
      onConfirm: () => announce(cancel.mutateAsync({ ...ids, when })),
    }),
  );
  return (
    <OpsModal id="cancel-subscription" title={`Cancel ${s.description}`} size="md" onClose={onClose}>
      <ActionForm label="Cancel the subscription" onSubmit={submit}>
        <Radio.Group label="When it ends" {...form.getInputProps('when')}>
          <Stack gap={6} mt={6}>
            <Radio value="periodEnd" label={`At the end of the paid period (${ends})`} />
            <Radio value="now" label="Now" />
          </Stack>
        </Radio.Group>
      </ActionForm>
    </OpsModal>
  );
}

function ExtendDialog({ s, customer, ids, ask, onClose }: DialogProps) {
  const extend = useExtendSubscription();
  const { form, valid, onSubmit } = useSchemaForm(ExtendFormSchema, { initialValues: { days: 30 } });
  const submit = onSubmit(({ days }) =>
    ask({
      title: 'Extend subscription',
      body: (
        <Text>
          {OpsActionConfirmations.extend(
            s.description,
            customer,
            days,
            formatLongDate(extendedTo(s.nextBillingDate ?? new Date().toISOString(), days)),
          )}
        </Text>
      ),
      typeLabel: 'Subscription name',
      expected: s.description,
      confirmLabel: 'Extend',
      onConfirm: () => announce(extend.mutateAsync({ ...ids, days })),
    }),
  );
  return (
    <OpsModal id="extend-subscription" title={`Extend ${s.description}`} size="md" onClose={onClose}>
      <ActionForm label="Extend the paid period" onSubmit={submit} valid={valid}>
        <NumberInput
          label="Days to add, at no charge"
          allowDecimal={false}
          min={1}
          required
          {...form.getInputProps('days')}
        />
      </ActionForm>
    </OpsModal>
  );
}

function ChangeDialog({ s, customer, ids, ask, onClose }: DialogProps) {
  const catalog = useCatalog();
  const quote = useQuoteSubscriptionChange();
  const change = useChangeSubscription();
  const initialValues: SubscriptionChangeFormValues = {
    pricingPlanId: String(s.pricingPlanId),
    numberMachines: s.numberMachines,
    xtraAutoTags: s.xtraAutoTags,
  };
  const { form, valid, onSubmit } = useSchemaForm(SubscriptionChangeFormSchema, { initialValues });
  const product = catalog.data?.products.find((p) => p.product === s.product);
  // The editor's choices: the product's plans on sale, and the plan the subscription has.
  const plans = (product?.plans ?? []).filter((p) => p.isAvailable || p.pricingPlanId === s.pricingPlanId);
  const submit = onSubmit((values) => {
    const terms = {
      pricingPlanId: Number(values.pricingPlanId),
      numberMachines: values.numberMachines,
      xtraAutoTags: values.xtraAutoTags,
      version: s.version,
    };
    quote.mutate(
      { ...ids, terms },
      {
        onSuccess: (q) => {
          const amount = q.prorationCents > 0 ? formatUsd(q.prorationCents) : null;
          ask({
            title: 'Change plan',
            body: (
              <Text data-testid="change-quote">
                {OpsActionConfirmations.change(s.description, customer, q.message)}
              </Text>
            ),
            typeLabel: amount ? 'Amount billed now' : 'Subscription name',
            expected: amount ?? s.description,
            confirmLabel: 'Change plan',
            onConfirm: () => announce(change.mutateAsync({ ...ids, terms })),
          });
        },
      },
    );
  });
  return (
    <OpsModal id="change-subscription" title={`Change ${s.description}`} size="md" onClose={onClose}>
      <ActionForm
        label="Change the plan or quantities"
        onSubmit={submit}
        valid={valid}
        pending={quote.isPending}
        submitLabel="Show the proration"
      >
        <Select
          label="Plan"
          data={plans.map((p) => ({
            value: String(p.pricingPlanId),
            label: p.isAvailable ? p.planName : `${p.planName} (Grandfathered)`,
          }))}
          required
          allowDeselect={false}
          {...form.getInputProps('pricingPlanId')}
        />
        <Group grow>
          <NumberInput
            label="Number of engines"
            allowDecimal={false}
            min={0}
            {...form.getInputProps('numberMachines')}
          />
          <NumberInput
            label="Additional designers"
            allowDecimal={false}
            min={0}
            {...form.getInputProps('xtraAutoTags')}
          />
        </Group>
      </ActionForm>
    </OpsModal>
  );
}
