import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  type BillingCycleDiscounts,
  type BillingMode,
  billingCycle,
  cartItemFromForm,
  formatCurrencyInput,
  formatUsdPerPeriod,
  isProPlan,
  NAME_MAX,
  offeredBillingModes,
  type PricingPlan,
  productFormFromControls,
  productFormTotalCents,
  TrialMessages,
  toCurrencyOrZero,
  toIntegerOrZero,
  trialEndsAt,
} from '@store/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { NumberField } from '../../../components/number-field';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { addToCart, newCartItemId } from '../../cart/cart-storage';

// The agreement's dialog loads when the terms link is first followed; it stays mounted after.
const EulaModal = lazy(async () => ({ default: (await import('./eula-modal')).EulaModal }));

/** Spec §4: a pro plan sets machines to 1, any other 0 (from the first render on, so the field never jumps). */
const machinesFor = (plan: PricingPlan | null) => (plan && isProPlan(plan) ? 1 : 0);

export interface ProductFormProps {
  plans: PricingPlan[];
  selected: PricingPlan | null;
  onSelect: (plan: PricingPlan) => void;
  discounts: BillingCycleDiscounts;
  allowMonthly: boolean;
  orgDiscount: number;
  /** Plans whose trial the organization has started: offered without one (docs/decisions/043). */
  trialedPlanIds: readonly number[];
  onAdded: () => void;
}

/** The plan form of spec §2/§3 with its defaults (§4 "Plan selection") and rules (§5). */
export function ProductForm({
  plans,
  selected,
  onSelect,
  discounts,
  allowMonthly,
  orgDiscount,
  trialedPlanIds,
  onAdded,
}: ProductFormProps) {
  const modes = offeredBillingModes(allowMonthly);
  const [eulaOpen, setEulaOpen] = useState(false);
  const [eulaViewed, setEulaViewed] = useState(false);
  const schema = useMemo(() => productFormFromControls(discounts), [discounts]);
  const { form, values, valid, onSubmit } = useSchemaForm(schema, {
    initialValues: {
      subname: '',
      selectedPricingPlan: selected,
      billingCycle: modes[0]! as BillingMode,
      maxOverages: '0.00' as number | string,
      extraDesigners: 0 as number | string,
      numberOfMachines: machinesFor(selected) as number | string,
      eulaAgreed: false,
    },
  });

  const { setFieldValue } = form;
  // A newly chosen plan sets the machines again (machinesFor).
  useEffect(() => {
    setFieldValue('selectedPricingPlan', selected);
    if (selected) setFieldValue('numberOfMachines', machinesFor(selected));
    if (selected && !selected.allowXtraAutoTag) setFieldValue('extraDesigners', 0);
  }, [selected, setFieldValue]);

  // An organization that does not allow monthly billing never keeps a monthly choice.
  const mode = values.billingCycle;
  useEffect(() => {
    if (!modes.includes(mode)) setFieldValue('billingCycle', modes[0]!);
  }, [modes, mode, setFieldValue]);

  const pro = selected ? isProPlan(selected) : false;
  const cycle = billingCycle(mode, discounts);
  const totalCents = productFormTotalCents(
    {
      selectedPricingPlan: selected,
      billingCycle: cycle,
      extraDesigners: toIntegerOrZero(values.extraDesigners),
      numberOfMachines: toIntegerOrZero(values.numberOfMachines),
    },
    discounts,
    orgDiscount,
  );
  const count = (path: 'extraDesigners' | 'numberOfMachines') => ({
    ...form.getInputProps(path),
    min: path === 'numberOfMachines' ? 1 : 0,
    step: 1,
    allowDecimal: false,
    emptyValue: 0,
  });

  const submit = onSubmit((parsed) => {
    if (!selected) return;
    try {
      addToCart(
        cartItemFromForm(
          { ...parsed, selectedPricingPlan: selected },
          { id: newCartItemId(), discounts, orgDiscount },
        ),
      );
    } catch (error) {
      showAlert({ type: 'error', text: error instanceof Error ? error.message : String(error) });
      return;
    }
    onAdded();
  });

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Subscription details"
    >
      <Stack gap="md">
        <TextInput
          label="Subscription Name"
          description="How this subscription is listed on your Subscriptions page"
          required
          maxLength={NAME_MAX}
          {...form.getInputProps('subname')}
        />
        <NativeSelect
          label="Pricing Plan"
          required
          value={selected ? String(selected.pricingPlanId) : ''}
          onChange={(e) => {
            const plan = plans.find((p) => String(p.pricingPlanId) === e.currentTarget.value);
            if (plan) onSelect(plan);
          }}
          onBlur={form.getInputProps('selectedPricingPlan').onBlur}
          error={form.getInputProps('selectedPricingPlan').error}
          data={plans.map((p) => ({ value: String(p.pricingPlanId), label: p.planName }))}
        />
        <NativeSelect
          label="Billing Cycle"
          required
          {...form.getInputProps('billingCycle')}
          value={String(mode)}
          onChange={(e) => form.setFieldValue('billingCycle', Number(e.currentTarget.value) as BillingMode)}
          data={modes.map((m) => {
            const c = billingCycle(m, discounts);
            const off = Math.round(c.billingModeDiscount * 100);
            return { value: String(m), label: off > 0 ? `${c.cycleName} (save ${off}%)` : c.cycleName };
          })}
        />
        <NumberField
          label="Max Overages"
          description="Monthly cap on overage charges, in USD (0 = no overage)"
          min={0}
          step={0.01}
          prefix="$"
          thousandSeparator=","
          {...form.getInputProps('maxOverages')}
          onBlur={(event) => {
            // Spec §5: rounded to cents when left (2.999 → 3.00), a non-number is 0 ($0.00); a minus
            // sign stays, and says so.
            const n = toCurrencyOrZero(values.maxOverages);
            if (n >= 0) form.setFieldValue('maxOverages', formatCurrencyInput(n));
            form.getInputProps('maxOverages').onBlur(event);
          }}
        />
        {selected?.allowXtraAutoTag && !pro && (
          <NumberField
            label="Additional Designers"
            description={`${selected.numAutoTags} included with the plan`}
            {...count('extraDesigners')}
          />
        )}
        {pro && <NumberField label="Number Of Engines" {...count('numberOfMachines')} />}
        {pro && selected?.allowXtraAutoTag && (
          <NumberField
            label="Number Of Designers"
            description={`Extra designer seats beyond the ${selected.numAutoTags} included`}
            {...count('extraDesigners')}
          />
        )}
        <Checkbox
          {...form.getInputProps('eulaAgreed', { type: 'checkbox' })}
          label={
            <>
              I agree to the{' '}
              <Anchor
                component="button"
                type="button"
                inherit
                onClick={(e) => {
                  e.preventDefault();
                  setEulaOpen(true);
                  setEulaViewed(true);
                }}
              >
                terms of service
              </Anchor>
            </>
          }
        />
        <Paper bg="gray.0" p="md" radius="md">
          <Group justify="space-between" align="baseline">
            <Text fw={600}>Total per billing cycle</Text>
            <Text fw={700} size="xl" data-testid="form-total">
              {totalCents === null ? '—' : formatUsdPerPeriod(totalCents, cycle.displayPeriod)}
            </Text>
          </Group>
          {orgDiscount > 0 && (
            <Text size="xs" c="dimmed" ta="right">
              Includes your organization's {Math.round(orgDiscount * 1000) / 10}% discount
            </Text>
          )}
          {selected?.trialDays && !trialedPlanIds.includes(selected.pricingPlanId) && totalCents !== null && (
            <Text size="sm" fw={600} c="teal.9" ta="right" data-testid="form-trial">
              {TrialMessages.trialLine(trialEndsAt(new Date(), selected.trialDays), totalCents, mode)}
            </Text>
          )}
        </Paper>
        {/* Spec §2: looks active only when valid; a click on it still marks every field touched. */}
        <Button
          type="submit"
          size="md"
          variant={valid ? 'filled' : 'light'}
          color={valid ? 'brand' : 'gray'}
          data-valid={valid}
        >
          Add to cart
        </Button>
      </Stack>
      {eulaViewed && (
        <Suspense>
          <EulaModal
            planId={selected?.pricingPlanId ?? null}
            opened={eulaOpen}
            onClose={() => setEulaOpen(false)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
