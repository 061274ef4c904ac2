import {
  Checkbox,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { SubmitRow } from '../../../components/submit-row';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useCatalog } from '../api/get-catalog';
import { useCreatePromotion } from '../api/promotions';
import { EMPTY_PROMOTION_FORM, PromotionFormSchema, promotionFromForm } from '../promotion-form';

const DURATIONS = [
  { value: 'once', label: 'The first cycle only' },
  { value: 'cycles', label: 'A number of cycles' },
  { value: 'forever', label: 'Every cycle' },
];

/** New promotion code (docs/decisions/041): what it takes off, for how long, for which plans, how often. */
export function PromotionForm() {
  const { form, onSubmit, reset, values } = useSchemaForm(PromotionFormSchema, {
    initialValues: EMPTY_PROMOTION_FORM,
  });
  const create = useCreatePromotion();
  const catalog = useCatalog();
  const planChoices = (catalog.data?.products ?? []).map((p) => ({
    group: p.title,
    items: p.plans.map((plan) => ({ value: String(plan.pricingPlanId), label: plan.planName })),
  }));
  const submit = onSubmit((parsed) =>
    create.mutate(promotionFromForm(parsed), {
      onSuccess: (made) => {
        showAlert({ type: 'success', text: `Promotion code ${made.code} created: ${made.description}.` });
        reset();
      },
    }),
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="new-promotion-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} id="new-promotion-heading">
            New promotion code
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Code"
              description="Letters, digits, - and _; kept upper-case"
              {...form.getInputProps('code')}
            />
            <Stack gap={4}>
              <SegmentedControl
                aria-label="Takes off"
                data={[
                  { value: 'percent', label: 'Percent off' },
                  { value: 'amount', label: 'Amount off (USD)' },
                ]}
                {...form.getInputProps('kind')}
              />
              <NumberInput
                label={values.kind === 'percent' ? 'Percent off' : 'Amount off (USD)'}
                min={0}
                decimalScale={2}
                {...form.getInputProps('value')}
              />
            </Stack>
            <Select
              label="Discounted cycles"
              data={DURATIONS}
              allowDeselect={false}
              {...form.getInputProps('duration')}
            />
            {values.duration === 'cycles' && (
              <NumberInput label="Cycles" min={2} allowDecimal={false} {...form.getInputProps('cycles')} />
            )}
            <MultiSelect
              label="Plans"
              description="None chosen: every plan"
              data={planChoices}
              searchable
              {...form.getInputProps('planIds')}
            />
            <TextInput
              label="Expires"
              description="Blank: never"
              type="date"
              {...form.getInputProps('expiresOn')}
            />
            <NumberInput
              label="Maximum redemptions"
              description="Blank: no limit"
              min={1}
              allowDecimal={false}
              {...form.getInputProps('maxRedemptions')}
            />
          </SimpleGrid>
          <Checkbox
            label="Once per organization"
            {...form.getInputProps('oncePerOrganization', { type: 'checkbox' })}
          />
          <SubmitRow loading={create.isPending}>Create code</SubmitRow>
        </Stack>
      </form>
    </Paper>
  );
}
