import { Button, Group, Select, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useAddPerpetualLicense } from '../api/add-perpetual-license';
import { useCatalog } from '../api/get-catalog';
import {
  EMPTY_PERPETUAL_LICENSE,
  PerpetualLicenseFormSchema,
  perpetualLicenseFromForm,
} from '../perpetual-license-form';

/** A perpetual license of a plan the operator chooses (an offline sale), optionally named. */
export function AddPerpetualLicenseForm({ organizationId }: { organizationId: number }) {
  const catalog = useCatalog();
  const add = useAddPerpetualLicense();
  const { form, valid, onSubmit, reset } = useSchemaForm(PerpetualLicenseFormSchema, {
    initialValues: EMPTY_PERPETUAL_LICENSE,
  });
  const groups = (catalog.data?.products ?? []).map((p) => ({
    group: p.title,
    items: p.plans.map((plan) => ({ value: String(plan.pricingPlanId), label: plan.planName })),
  }));
  const submit = onSubmit((values) =>
    add.mutate(
      { organizationId, ...perpetualLicenseFromForm(values) },
      {
        onSuccess: () => {
          reset();
          showAlert({ type: 'success', text: 'Perpetual license added' });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Add a perpetual license">
      <Group align="flex-end" gap="sm">
        <Select
          label="Plan"
          placeholder="Choose a plan"
          data={groups}
          searchable
          required
          w={{ base: '100%', sm: 260 }}
          {...form.getInputProps('planId')}
        />
        <TextInput
          label="License name (optional)"
          w={{ base: '100%', sm: 220 }}
          {...form.getInputProps('name')}
        />
        <Button type="submit" disabled={!valid} loading={add.isPending}>
          Add perpetual license
        </Button>
      </Group>
    </form>
  );
}
