import {
  Alert,
  Button,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  DEFAULT_LEASE_MINUTES,
  type ExistingSubscribers,
  type OpsPlan,
  TRIAL_DAYS_MAX,
  TRIAL_DAYS_MIN,
} from '@store/core';
import { useState } from 'react';
import { NumberField } from '../../../components/number-field';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useCreatePlan } from '../api/create-plan';
import { usePlanImpact } from '../api/get-plan-impact';
import { useUpdatePlan } from '../api/update-plan';
import {
  becomesUnavailable,
  PlanFormSchema,
  planFormValues,
  priceChanged,
  priceChangeImpact,
  UNAVAILABLE_NOTE,
} from '../plan-form';
import { EntitlementsInput } from './entitlements-input';
import { OpsModal } from './ops-modal';

const MONEY = { decimalScale: 2, min: 0, prefix: '$', thousandSeparator: ',' } as const;
const COUNT = { allowDecimal: false, min: 0 } as const;

/** A plan's every field; before a price change is saved it says whom the change reaches. */
export function PlanFormModal({
  plan,
  product,
  productTitle,
  onClose,
}: {
  plan: OpsPlan | null;
  product: number;
  productTitle: string;
  onClose: () => void;
}) {
  const initial = planFormValues(plan, product);
  const { form, values, onSubmit } = useSchemaForm(PlanFormSchema, { initialValues: initial });
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const saving = create.isPending || update.isPending;
  const repriced = plan !== null && priceChanged(initial, values);
  const impact = usePlanImpact(plan?.pricingPlanId ?? null, repriced);
  // A new price with subscribers: they keep their price, or are told of the new one (docs/decisions/031).
  const [existing, setExisting] = useState<ExistingSubscribers | null>(null);
  const mustChoose = repriced && (impact.data?.subscribers ?? 0) > 0;
  const submit = onSubmit((body) => {
    const saved = (answer: unknown) => {
      const message = (answer as { message?: string } | undefined)?.message;
      const said = [`Plan ${body.planName} saved.`, message].filter(Boolean).join(' ');
      showAlert({ type: 'success', text: said });
      onClose();
    };
    if (plan)
      update.mutate(
        {
          planId: plan.pricingPlanId,
          body: mustChoose && existing ? { ...body, existingSubscribers: existing } : body,
        },
        { onSuccess: saved },
      );
    else create.mutate(body, { onSuccess: saved });
  });
  const money = (field: keyof typeof values, label: string) => (
    <NumberField label={label} {...MONEY} {...form.getInputProps(field)} />
  );
  const count = (field: keyof typeof values, label: string) => (
    <NumberField label={label} {...COUNT} {...form.getInputProps(field)} />
  );
  const check = (field: keyof typeof values, label: string) => (
    <Checkbox label={label} {...form.getInputProps(field, { type: 'checkbox' })} />
  );
  return (
    <OpsModal
      id="plan-form"
      onClose={onClose}
      title={plan ? `Edit plan ${plan.planName}` : `New plan of ${productTitle}`}
      size="xl"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Plan name" required {...form.getInputProps('planName')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
            {money('monthlyFee', 'Monthly fee')}
            {count('baseRtus', 'Base RTUs')}
            <NumberField
              label="Overage per RTU"
              {...MONEY}
              decimalScale={6}
              {...form.getInputProps('overagePerRtu')}
            />
            {count('numAutoTags', 'Designers')}
            {money('xtraAutoTagPerMonth', 'Extra-designer fee (monthly)')}
            {count('numberCores', 'Cores')}
            {count('numberThreads', 'Threads')}
            {count('maxReportsDay', 'Reports per day')}
            {count('numRtusPerReport', 'RTUs per report')}
            {count('numPagesInBaseReportCharge', 'Pages in the base report charge')}
            {count('numPagesPerRtu', 'Pages per RTU')}
            <NumberField
              label="Trial days"
              description="Optional: a checkout starts a free trial this long"
              {...COUNT}
              min={TRIAL_DAYS_MIN}
              max={TRIAL_DAYS_MAX}
              // A length out of bounds is refused in the form's words, not quietly made 90.
              clampBehavior="none"
              placeholder="No trial"
              {...form.getInputProps('trialDays')}
              value={values.trialDays ?? ''}
              onChange={(v) => form.setFieldValue('trialDays', typeof v === 'number' ? v : null)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
            <Select
              label="Engine seats"
              data={[
                { value: 'node-locked', label: 'Node-locked (activated machines)' },
                { value: 'floating', label: 'Floating (leases)' },
              ]}
              allowDeselect={false}
              {...form.getInputProps('seatModel')}
            />
            <NumberField
              label="Lease length (minutes)"
              {...COUNT}
              min={1}
              placeholder={`${DEFAULT_LEASE_MINUTES} (default)`}
              disabled={values.seatModel !== 'floating'}
              {...form.getInputProps('leaseMinutes')}
              value={values.leaseMinutes ?? ''}
              onChange={(v) => form.setFieldValue('leaseMinutes', typeof v === 'number' ? v : null)}
            />
            <NumberField
              label="Borrow days"
              {...COUNT}
              disabled={values.seatModel !== 'floating'}
              {...form.getInputProps('borrowDays')}
            />
          </SimpleGrid>
          <EntitlementsInput
            value={values.entitlements}
            onChange={(list) => form.setFieldValue('entitlements', list)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {check('allowXtraAutoTag', 'Extra designers can be bought')}
            {check('isChargePerReport', 'Charged per report')}
            {check('isBatchMode', 'Batch mode')}
            {check('isAvailable', 'Available for purchase')}
          </SimpleGrid>
          {repriced && (
            <Alert color="orange.9" aria-label="Price change" data-testid="price-impact">
              {impact.data
                ? priceChangeImpact(impact.data.subscribers)
                : 'Counting the subscriptions it reaches…'}
            </Alert>
          )}
          {mustChoose && (
            <Radio.Group
              label="Existing subscribers"
              required
              value={existing}
              onChange={(v) => setExisting(v as ExistingSubscribers)}
            >
              <Stack gap={6} mt={6}>
                <Radio
                  value="keep"
                  label="Keep the price they have (they move to a retired copy of this plan)"
                />
                <Radio
                  value="notify"
                  label="Take the new price at their next renewal; mail their administrators"
                />
              </Stack>
            </Radio.Group>
          )}
          {plan !== null && becomesUnavailable(initial, values) && (
            <Alert color="blue.9" aria-label="Taken off sale" data-testid="unavailable-note">
              {UNAVAILABLE_NOTE}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={saving}
              disabled={(repriced && !impact.data) || (mustChoose && !existing)}
            >
              Save plan
            </Button>
          </Group>
        </Stack>
      </form>
    </OpsModal>
  );
}
