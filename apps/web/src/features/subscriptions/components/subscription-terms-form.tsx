import { Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import {
  formatCurrencyInput,
  formatUsd,
  grandfatheredLabel,
  isProPlan,
  isSubscriptionModified,
  type OverageInput,
  overageFigureCents,
  quoteSubscriptionChange,
  readSubscriptionEditor,
  type SubscriptionDetail,
  type SubscriptionEditorControls,
  SubscriptionMessages,
  subscriptionEditorSchema,
  toCurrencyOrNull,
} from '@store/core';
import { useMemo } from 'react';
import { NumberField } from '../../../components/number-field';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { usePaymentAuthentication } from '../../payments';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { useUpdateSubscription } from '../api/update-subscription';
import { cycleCents } from './subscription-cost-panel';
import { SubscriptionQuote } from './subscription-quote';

/** What the editor starts from: a decrease waiting for the renewal counts as the saved terms. */
function savedControls(s: SubscriptionDetail): SubscriptionEditorControls {
  const terms = s.pendingChange ?? s;
  return {
    description: s.description,
    pricingPlanId: terms.pricingPlanId,
    maxAdditionalMonthlyCharge: formatCurrencyInput(s.maxAdditionalMonthlyCharge),
    xtraAutoTags: terms.xtraAutoTags,
    numberMachines: terms.numberMachines,
  };
}

export interface SubscriptionTermsFormProps {
  subscription: SubscriptionDetail;
  editable: boolean;
  nameEditable: boolean;
  overage: OverageInput;
}

/** The editable half of the detail row (spec §2, §4 "modified", §5; docs/design.md §3 apply now or at renewal). */
export function SubscriptionTermsForm({
  subscription: s,
  editable,
  nameEditable,
  overage,
}: SubscriptionTermsFormProps) {
  const plans = useSubscriptionPlans(s.subscriptionId, editable);
  // 3-D Secure: the bank's challenge for the prorated charge, when it asks.
  const { authenticate, challenge } = usePaymentAuthentication();
  const update = useUpdateSubscription(authenticate);
  const saved = useMemo(() => savedControls(s), [s]);
  // Plans offered in the editor are of the subscription's own product, so engines stay per machine or not.
  const pro = isProPlan(s.plan);
  const minimum = overageFigureCents(overage);
  const schema = useMemo(
    () => subscriptionEditorSchema({ minimumMaxOverageCents: minimum, pro }),
    [minimum, pro],
  );
  const { form, values, valid, onSubmit, reset } = useSchemaForm(schema, { initialValues: saved });
  const selectedPlan = plans.data?.find((p) => p.pricingPlanId === values.pricingPlanId) ?? s.plan;
  const read = readSubscriptionEditor(values);
  const modified = isSubscriptionModified(readSubscriptionEditor(saved), read);
  const wanted = {
    pricingPlanId: read.pricingPlanId,
    numberMachines: pro ? read.numberMachines : 0,
    xtraAutoTags: read.xtraAutoTags,
  };
  const newCycleCents = cycleCents(s, selectedPlan, wanted);
  const quote = quoteSubscriptionChange({
    current: { ...s, cycleCents: cycleCents(s, s.plan, s) },
    wanted: { ...wanted, cycleCents: newCycleCents },
    periodStart: s.currentPeriodStart ? new Date(s.currentPeriodStart) : null,
    periodEnd: s.nextBaseBillingDate ? new Date(s.nextBaseBillingDate) : null,
    now: new Date(),
    overage,
    inTrial: s.trialEndsAt !== undefined,
  });

  const planOptions = (plans.data ?? [s.plan]).map((p) => ({
    value: String(p.pricingPlanId),
    label: p.isAvailable ? p.planName : grandfatheredLabel(p.planName),
  }));
  if (!planOptions.some((o) => o.value === String(s.pricingPlanId))) {
    planOptions.push({
      value: String(s.pricingPlanId),
      label: s.plan.isAvailable ? s.plan.planName : grandfatheredLabel(s.plan.planName),
    });
  }

  const onPlanChange = (value: string | null) => {
    if (!value) return;
    const plan = plans.data?.find((p) => String(p.pricingPlanId) === value);
    form.setFieldValue('pricingPlanId', Number(value));
    form.setFieldValue('numberMachines', plan && isProPlan(plan) ? Math.max(1, read.numberMachines) : 0);
    if (plan && !plan.allowXtraAutoTag) form.setFieldValue('xtraAutoTags', 0);
  };

  const submit = onSubmit((parsed) => {
    if (!modified) return;
    update.mutate(
      {
        subscriptionId: s.subscriptionId,
        body: {
          description: parsed.description,
          pricingPlanId: parsed.pricingPlanId,
          maxAdditionalMonthlyCharge: parsed.maxAdditionalMonthlyCharge,
          xtraAutoTags: parsed.xtraAutoTags,
          numberMachines: pro ? parsed.numberMachines : 0,
          version: s.version,
        },
      },
      {
        // Save Changes is disabled once saved: focus goes to the message that says what was done.
        onSuccess: (result) =>
          showAlert({
            type: 'success',
            focus: true,
            text:
              result.chargedCents > 0
                ? SubscriptionMessages.savedAndCharged(formatUsd(result.chargedCents))
                : result.pending
                  ? SubscriptionMessages.savedPending(
                      result.subscription.pendingChange?.effectiveDate ?? null,
                    )
                  : SubscriptionMessages.saved,
          }),
      },
    );
  });

  const idPrefix = `sub-${s.subscriptionId}`;
  const look = (canEdit: boolean) => ({ readOnly: !canEdit, variant: canEdit ? 'default' : 'filled' });
  return (
    <Paper withBorder p="md" radius="md">
      {challenge}
      <form onSubmit={submit} noValidate aria-label={`Edit ${s.description}`}>
        <Stack gap="sm">
          <Title order={2} size="h5">
            Subscription
          </Title>
          <TextInput
            id={`${idPrefix}-name`}
            label="Subscription Name"
            required
            {...form.getInputProps('description')}
            {...look(nameEditable)}
          />
          <Select
            id={`${idPrefix}-plan`}
            label="Pricing Plan"
            data={planOptions}
            value={String(values.pricingPlanId)}
            onChange={onPlanChange}
            {...look(editable)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {!s.isPerpetualLicense && (
            <NumberField
              id={`${idPrefix}-overages`}
              label="Max Overages"
              description={
                minimum > 0
                  ? `Monthly cap on overage charges; at least ${formatUsd(minimum)}, the overage accrued this month.`
                  : 'Monthly cap on overage charges; 0 allows no overage.'
              }
              prefix="$"
              thousandSeparator=","
              hideControls
              {...form.getInputProps('maxAdditionalMonthlyCharge')}
              value={values.maxAdditionalMonthlyCharge ?? ''}
              onBlur={(event) => {
                // Rounded to cents when left, as the purchase form does (docs/spec.md §5): 302.999 → 303.00.
                const n = toCurrencyOrNull(values.maxAdditionalMonthlyCharge);
                if (n !== null && n >= 0)
                  form.setFieldValue('maxAdditionalMonthlyCharge', formatCurrencyInput(n));
                form.getInputProps('maxAdditionalMonthlyCharge').onBlur(event);
              }}
              {...look(editable)}
            />
          )}
          {pro && (
            <NumberField
              id={`${idPrefix}-engines`}
              label="Number Of Engines"
              min={1}
              step={1}
              allowDecimal={false}
              emptyValue={0}
              {...form.getInputProps('numberMachines')}
              {...look(editable)}
            />
          )}
          {selectedPlan.allowXtraAutoTag && (
            <NumberField
              id={`${idPrefix}-designers`}
              label={pro ? 'Number Of Designers' : 'Additional Designers'}
              description={`${selectedPlan.numAutoTags} included with the plan`}
              min={0}
              step={1}
              allowDecimal={false}
              emptyValue={0}
              {...form.getInputProps('xtraAutoTags')}
              {...look(editable)}
            />
          )}
          <SubscriptionQuote
            subscription={s}
            quote={quote}
            newCycleCents={newCycleCents}
            show={modified && valid}
          />
          {nameEditable && (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" disabled={!modified || update.isPending} onClick={() => reset(saved)}>
                Reset
              </Button>
              <Button type="submit" disabled={!modified || !valid} loading={update.isPending}>
                Save Changes
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
