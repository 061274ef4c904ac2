import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type BillingCycleDiscounts,
  type BillingMode,
  billingCycle,
  cartItemFromForm,
  formatCurrencyInput,
  formatUsdPerPeriod,
  isProPlan,
  offeredBillingModes,
  type PricingPlan,
  ProductFormSchema,
  productFormTotalCents,
  toCurrencyOrZero,
  toIntegerOrZero,
} from '@store/core';
import { type FormEvent, useEffect, useState } from 'react';
import { showAlert } from '../../alert';
import { addToCart, newCartItemId } from '../../cart/cart-storage';
import { EulaModal } from './eula-modal';

type Field =
  | 'subname'
  | 'selectedPricingPlan'
  | 'billingCycle'
  | 'maxOverages'
  | 'extraDesigners'
  | 'numberOfMachines'
  | 'eulaAgreed';

export interface ProductFormProps {
  plans: PricingPlan[];
  selected: PricingPlan | null;
  onSelect: (plan: PricingPlan) => void;
  discounts: BillingCycleDiscounts;
  allowMonthly: boolean;
  orgDiscount: number;
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
  onAdded,
}: ProductFormProps) {
  const modes = offeredBillingModes(allowMonthly);
  const [subname, setSubname] = useState('');
  const [mode, setMode] = useState<BillingMode>(modes[0]!);
  const [maxOverages, setMaxOverages] = useState<number | string>('0.00');
  const [extraDesigners, setExtraDesigners] = useState(0);
  const [numberOfMachines, setNumberOfMachines] = useState(0);
  const [eulaAgreed, setEulaAgreed] = useState(false);
  const [eulaOpen, setEulaOpen] = useState(false);
  const [, setEulaViewed] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});

  // Spec §4: a pro plan sets machines to 1, any other 0.
  useEffect(() => {
    if (selected) setNumberOfMachines(isProPlan(selected) ? 1 : 0);
    if (selected && !selected.allowXtraAutoTag) setExtraDesigners(0);
  }, [selected]);

  // An organization that does not allow monthly billing never keeps a monthly choice.
  useEffect(() => {
    if (!modes.includes(mode)) setMode(modes[0]!);
  }, [modes, mode]);

  const pro = selected ? isProPlan(selected) : false;
  const cycle = billingCycle(mode, discounts);
  const values = {
    subname,
    selectedPricingPlan: selected,
    billingCycle: cycle,
    maxOverages: toCurrencyOrZero(maxOverages),
    extraDesigners,
    numberOfMachines,
    eulaAgreed,
  };
  const parsed = ProductFormSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  const valid = parsed.success;
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);
  const touch = (field: Field) => setTouched((t) => ({ ...t, [field]: true }));
  const totalCents = productFormTotalCents(values, discounts, orgDiscount);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({
      subname: true,
      selectedPricingPlan: true,
      billingCycle: true,
      maxOverages: true,
      extraDesigners: true,
      numberOfMachines: true,
      eulaAgreed: true,
    });
    if (!parsed.success || !selected) return;
    try {
      addToCart(
        cartItemFromForm(
          { ...parsed.data, selectedPricingPlan: selected },
          { id: newCartItemId(), discounts, orgDiscount },
        ),
      );
    } catch (error) {
      showAlert({ type: 'error', text: error instanceof Error ? error.message : String(error) });
      return;
    }
    onAdded();
  };

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
          value={subname}
          onChange={(e) => setSubname(e.currentTarget.value)}
          onBlur={() => touch('subname')}
          error={shown('subname')}
          maxLength={100}
        />
        <NativeSelect
          label="Pricing Plan"
          required
          value={selected ? String(selected.pricingPlanId) : ''}
          onChange={(e) => {
            const plan = plans.find((p) => String(p.pricingPlanId) === e.currentTarget.value);
            if (plan) onSelect(plan);
          }}
          onBlur={() => touch('selectedPricingPlan')}
          error={shown('selectedPricingPlan')}
          data={plans.map((p) => ({ value: String(p.pricingPlanId), label: p.planName }))}
        />
        <NativeSelect
          label="Billing Cycle"
          required
          value={String(mode)}
          onChange={(e) => setMode(Number(e.currentTarget.value) as BillingMode)}
          onBlur={() => touch('billingCycle')}
          error={shown('billingCycle')}
          data={modes.map((m) => {
            const c = billingCycle(m, discounts);
            const off = Math.round(c.billingModeDiscount * 100);
            return { value: String(m), label: off > 0 ? `${c.cycleName} (save ${off}%)` : c.cycleName };
          })}
        />
        <NumberInput
          label="Max Overages"
          description="Monthly cap on overage charges, in USD (0 = no overage)"
          min={0}
          step={0.01}
          prefix="$"
          thousandSeparator=","
          allowNegative={false}
          value={maxOverages}
          onChange={setMaxOverages}
          onBlur={() => {
            setMaxOverages(formatCurrencyInput(toCurrencyOrZero(maxOverages)));
            touch('maxOverages');
          }}
          error={shown('maxOverages')}
        />
        {selected?.allowXtraAutoTag && !pro && (
          <NumberInput
            label="Additional Designers"
            description={`${selected.numAutoTags} included with the plan`}
            min={0}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={extraDesigners}
            onChange={(v) => setExtraDesigners(toIntegerOrZero(v))}
            onBlur={() => touch('extraDesigners')}
            error={shown('extraDesigners')}
          />
        )}
        {pro && (
          <NumberInput
            label="Number Of Engines"
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={numberOfMachines}
            onChange={(v) => setNumberOfMachines(toIntegerOrZero(v))}
            onBlur={() => touch('numberOfMachines')}
            error={shown('numberOfMachines')}
          />
        )}
        {pro && selected?.allowXtraAutoTag && (
          <NumberInput
            label="Number Of Designers"
            description={`Extra designer seats beyond the ${selected.numAutoTags} included`}
            min={0}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={extraDesigners}
            onChange={(v) => setExtraDesigners(toIntegerOrZero(v))}
            onBlur={() => touch('extraDesigners')}
            error={shown('extraDesigners')}
          />
        )}
        <Checkbox
          checked={eulaAgreed}
          onChange={(e) => {
            setEulaAgreed(e.currentTarget.checked);
            touch('eulaAgreed');
          }}
          error={shown('eulaAgreed')}
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
      <EulaModal
        planId={selected?.pricingPlanId ?? null}
        opened={eulaOpen}
        onClose={() => setEulaOpen(false)}
      />
    </Paper>
  );
}
