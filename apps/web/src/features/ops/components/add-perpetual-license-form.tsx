import { Button, Group, Select, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { showAlert } from '../../alert';
import { useAddPerpetualLicense } from '../api/add-perpetual-license';
import { useCatalog } from '../api/get-catalog';

/** A perpetual license of a plan the operator chooses (an offline sale), optionally named. */
export function AddPerpetualLicenseForm({ organizationId }: { organizationId: number }) {
  const catalog = useCatalog();
  const add = useAddPerpetualLicense();
  const [planId, setPlanId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const groups = (catalog.data?.products ?? []).map((p) => ({
    group: p.title,
    items: p.plans.map((plan) => ({ value: String(plan.pricingPlanId), label: plan.planName })),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!planId) return;
    add.mutate(
      { organizationId, planId: Number(planId), name: name.trim() || undefined },
      {
        onSuccess: () => {
          setPlanId(null);
          setName('');
          showAlert({ type: 'success', text: 'Perpetual license added' });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Add a perpetual license">
      <Group align="flex-end" gap="sm">
        <Select
          label="Plan"
          placeholder="Choose a plan"
          data={groups}
          value={planId}
          onChange={setPlanId}
          searchable
          required
          w={{ base: '100%', sm: 260 }}
        />
        <TextInput
          label="License name (optional)"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          w={{ base: '100%', sm: 220 }}
        />
        <Button type="submit" disabled={!planId} loading={add.isPending}>
          Add perpetual license
        </Button>
      </Group>
    </form>
  );
}
