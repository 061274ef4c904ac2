import {
  Alert,
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  annualRtus,
  billingCycle,
  formatLongDate,
  formatUsd,
  formatUsdPerPeriod,
  fractionToBp,
  grandfatheredLabel,
  isProPlan,
  isSubscriptionModified,
  Messages,
  overageFigureCents,
  overagePerRtuMicrosOf,
  type PricingPlan,
  planPricingInput,
  priceBreakdown,
  pricePerCycleCents,
  proratedChargeCents,
  type SubscriptionDetail,
  SubscriptionMessages,
  subscriptionActions,
  toCents,
  toCurrencyOrNull,
  toIntegerOrZero,
  type Viewer,
} from '@store/core';
import { type FormEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../alert';
import { useSubAccountName } from '../api/get-subaccount-name';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { useUpdateSubscription } from '../api/update-subscription';
import { CancelSubscription } from './cancel-subscription';
import { FlushKeys } from './flush-keys';
import { LicenseKey } from './license-key';
import { OfflineSection } from './offline-section';
import { PerpetualDetails } from './perpetual-details';

export interface SubscriptionEditorProps {
  subscription: SubscriptionDetail | null;
  viewer: Viewer;
}

type Terms = { pricingPlanId: number; xtraAutoTags: number; numberMachines: number };

/** What the editor starts from: a decrease waiting for the renewal counts as the saved terms. */
function savedValues(s: SubscriptionDetail) {
  const terms: Terms = s.pendingChange ?? s;
  return {
    description: s.description,
    pricingPlanId: terms.pricingPlanId,
    maxAdditionalMonthlyCharge: s.maxAdditionalMonthlyCharge as number | null,
    xtraAutoTags: terms.xtraAutoTags,
    numberMachines: terms.numberMachines,
  };
}

function cycleCents(s: SubscriptionDetail, plan: PricingPlan, terms: Omit<Terms, 'pricingPlanId'>) {
  return pricePerCycleCents({
    plan: planPricingInput(plan),
    numberMachines: terms.numberMachines,
    xtraAutoTags: terms.xtraAutoTags,
    billingMode: s.billingMode,
    cycleDiscountBp: fractionToBp(s.billingModeDiscount),
    orgDiscountBp: fractionToBp(s.organizationDiscount),
  });
}

/** The detail row of the Subscriptions screen (spec §2, §4, §5; DESIGN.md §3). */
export function SubscriptionEditor({ subscription, viewer }: SubscriptionEditorProps) {
  if (!subscription) {
    return (
      <Alert color="red" variant="light" role="alert">
        {Messages.noSubscriptionSelected}
      </Alert>
    );
  }
  // Remount when the server's copy changes, so the form starts from the saved values again.
  return (
    <Editor
      key={`${subscription.subscriptionId}:${subscription.version}`}
      subscription={subscription}
      viewer={viewer}
    />
  );
}

function Editor({ subscription: s, viewer }: { subscription: SubscriptionDetail; viewer: Viewer }) {
  const actions = subscriptionActions(s, viewer);
  const editable = actions.canEdit;
  const nameEditable = actions.canEdit || actions.canEditNameOnly;
  const saved = useMemo(() => savedValues(s), [s]);
  const [values, setValues] = useState(saved);
  const [touched, setTouched] = useState(false);
  const plans = useSubscriptionPlans(s.subscriptionId, editable);
  const owner = useSubAccountName(s.organizationId, !actions.owned);
  const update = useUpdateSubscription();
  const cycle = billingCycle(s.billingMode);

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
  const selectedPlan = plans.data?.find((p) => p.pricingPlanId === values.pricingPlanId) ?? s.plan;
  const pro = isProPlan(selectedPlan);

  const accruedCents = overageFigureCents({
    accruedRtusThisMonth: s.accruedRtusThisMonth,
    billedRtusThisMonth: s.billedRtusThisMonth,
    annualUsageReset: s.annualUsageReset,
    baseRtus: s.plan.baseRtus,
    overagePerRtuMicros: overagePerRtuMicrosOf(s.plan.overagePerRtu),
    overageChargesPaidThisMonthCents: toCents(s.overageChargesPaidThisMonth),
  });

  const errors: Partial<Record<keyof typeof values, string>> = {};
  if (values.description.trim() === '') errors.description = Messages.subscriptionNameRequired;
  if (values.maxAdditionalMonthlyCharge === null)
    errors.maxAdditionalMonthlyCharge = Messages.maxOveragesRequired;
  else if (toCents(values.maxAdditionalMonthlyCharge) < accruedCents) {
    errors.maxAdditionalMonthlyCharge = SubscriptionMessages.maxOveragesBelowAccrued(formatUsd(accruedCents));
  }
  if (pro && values.numberMachines < 1) errors.numberMachines = Messages.enginesMinimum;
  const valid = Object.keys(errors).length === 0;
  // Pro engines are licensed per machine: their RTUs are counted, but nothing is included or billed by use.
  const usageBilled = s.plan.baseRtus > 0 || s.plan.overagePerRtu > 0;
  const modified = isSubscriptionModified(saved, values);

  const currentCents = cycleCents(s, s.plan, s);
  const breakdown = priceBreakdown({
    plan: planPricingInput(s.plan),
    numberMachines: s.numberMachines,
    xtraAutoTags: s.xtraAutoTags,
    billingMode: s.billingMode,
    cycleDiscountBp: fractionToBp(s.billingModeDiscount),
    orgDiscountBp: fractionToBp(s.organizationDiscount),
  });
  const termsChanged =
    values.pricingPlanId !== s.pricingPlanId ||
    values.numberMachines !== s.numberMachines ||
    values.xtraAutoTags !== s.xtraAutoTags;
  const newCents = cycleCents(s, selectedPlan, {
    numberMachines: pro ? values.numberMachines : 0,
    xtraAutoTags: values.xtraAutoTags,
  });
  const increase = termsChanged && newCents > currentCents;
  const proratedToday =
    increase && s.currentPeriodStart && s.nextBaseBillingDate
      ? proratedChargeCents({
          oldCycleCents: currentCents,
          newCycleCents: newCents,
          periodStart: new Date(s.currentPeriodStart),
          periodEnd: new Date(s.nextBaseBillingDate),
          now: new Date(),
        })
      : 0;

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const onPlanChange = (value: string | null) => {
    if (!value) return;
    const plan = plans.data?.find((p) => String(p.pricingPlanId) === value);
    setValues((v) => ({
      ...v,
      pricingPlanId: Number(value),
      numberMachines: plan && isProPlan(plan) ? Math.max(1, v.numberMachines) : 0,
      xtraAutoTags: plan && !plan.allowXtraAutoTag ? 0 : v.xtraAutoTags,
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || !modified || values.maxAdditionalMonthlyCharge === null) return;
    update.mutate(
      {
        subscriptionId: s.subscriptionId,
        body: {
          description: values.description.trim(),
          pricingPlanId: values.pricingPlanId,
          maxAdditionalMonthlyCharge: values.maxAdditionalMonthlyCharge,
          xtraAutoTags: values.xtraAutoTags,
          numberMachines: pro ? values.numberMachines : 0,
          version: s.version,
        },
      },
      {
        onSuccess: (result) =>
          showAlert({
            type: 'success',
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
  };

  const showError = (key: keyof typeof values) =>
    touched || values[key] !== saved[key] ? errors[key] : undefined;
  const designersLabel = pro ? 'Number Of Designers' : 'Additional Designers';
  const idPrefix = `sub-${s.subscriptionId}`;

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }} data-testid={`editor-${s.subscriptionId}`}>
      {!actions.owned && (
        <Alert color="gray" variant="light" title="Read-only">
          {Messages.belongsTo(owner.data?.companyName ?? s.ownerName ?? '')}
        </Alert>
      )}
      {actions.showManagerWarning && (
        <Alert color="yellow" variant="light" title="Manager license">
          {Messages.managerKeysWarning}
        </Alert>
      )}
      {s.isOfflineEnabled && actions.owned && (
        <Alert color="blue" variant="light">
          {SubscriptionMessages.offlineEnabledNote}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <form onSubmit={submit} noValidate aria-label={`Edit ${s.description}`}>
            <Stack gap="sm">
              <Title order={2} size="h5">
                Subscription
              </Title>
              <TextInput
                id={`${idPrefix}-name`}
                label="Subscription Name"
                required
                value={values.description}
                readOnly={!nameEditable}
                variant={nameEditable ? 'default' : 'filled'}
                error={showError('description')}
                onChange={(e) => set('description', e.currentTarget.value)}
              />
              <Select
                id={`${idPrefix}-plan`}
                label="Pricing Plan"
                data={planOptions}
                value={String(values.pricingPlanId)}
                onChange={onPlanChange}
                readOnly={!editable}
                variant={editable ? 'default' : 'filled'}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              {!s.isPerpetualLicense && (
                <NumberInput
                  id={`${idPrefix}-overages`}
                  label="Max Overages"
                  description={
                    accruedCents > 0
                      ? `Monthly cap on overage charges; at least ${formatUsd(accruedCents)}, the overage accrued this month.`
                      : 'Monthly cap on overage charges; 0 allows no overage.'
                  }
                  prefix="$"
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  allowNegative={false}
                  hideControls
                  value={values.maxAdditionalMonthlyCharge ?? ''}
                  readOnly={!editable}
                  variant={editable ? 'default' : 'filled'}
                  error={showError('maxAdditionalMonthlyCharge')}
                  onChange={(v) => set('maxAdditionalMonthlyCharge', toCurrencyOrNull(v))}
                />
              )}
              {pro && (
                <NumberInput
                  id={`${idPrefix}-engines`}
                  label="Number Of Engines"
                  min={1}
                  step={1}
                  allowDecimal={false}
                  allowNegative={false}
                  value={values.numberMachines}
                  readOnly={!editable}
                  variant={editable ? 'default' : 'filled'}
                  error={showError('numberMachines')}
                  onChange={(v) => set('numberMachines', toIntegerOrZero(v))}
                />
              )}
              {selectedPlan.allowXtraAutoTag && (
                <NumberInput
                  id={`${idPrefix}-designers`}
                  label={designersLabel}
                  description={`${selectedPlan.numAutoTags} included with the plan`}
                  min={0}
                  step={1}
                  allowDecimal={false}
                  allowNegative={false}
                  value={values.xtraAutoTags}
                  readOnly={!editable}
                  variant={editable ? 'default' : 'filled'}
                  onChange={(v) => set('xtraAutoTags', toIntegerOrZero(v))}
                />
              )}
              {s.pendingChange && (
                <Alert color="blue" variant="light" p="xs" data-testid="pending-change">
                  <Text size="sm">
                    Scheduled: {s.pendingChange.planName}
                    {isProPlan(s.plan) ? `, ${s.pendingChange.numberMachines} engine(s)` : ''},{' '}
                    {s.pendingChange.xtraAutoTags} additional designer(s).{' '}
                    {SubscriptionMessages.pendingFrom(s.pendingChange.effectiveDate)}
                  </Text>
                </Alert>
              )}
              {modified && valid && termsChanged && (
                <Paper bg="brand.0" p="sm" radius="sm" data-testid="new-fee">
                  <Group justify="space-between">
                    <Text size="sm" fw={600}>
                      New cycle fee
                    </Text>
                    <Text size="sm" fw={600}>
                      {formatUsdPerPeriod(newCents, cycle.displayPeriod)}
                    </Text>
                  </Group>
                  {increase ? (
                    <Group justify="space-between">
                      <Text size="sm">
                        Charged today (prorated to{' '}
                        {s.nextBaseBillingDate ? formatLongDate(s.nextBaseBillingDate) : 'the renewal'})
                      </Text>
                      <Text size="sm" fw={600} data-testid="prorated-today">
                        {formatUsd(proratedToday)}
                      </Text>
                    </Group>
                  ) : (
                    <Text size="sm">{SubscriptionMessages.pendingFrom(s.nextBaseBillingDate)}</Text>
                  )}
                </Paper>
              )}
              {nameEditable && (
                <Group justify="flex-end" gap="sm">
                  <Button
                    variant="default"
                    disabled={!modified || update.isPending}
                    onClick={() => {
                      setValues(saved);
                      setTouched(false);
                    }}
                  >
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

        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <Title order={2} size="h5">
                License
              </Title>
              <LicenseKey subscription={s} />
              {actions.showFlushKeys && <FlushKeys subscription={s} />}
            </Stack>
          </Paper>

          {s.isPerpetualLicense ? (
            <PerpetualDetails subscriptionId={s.subscriptionId} />
          ) : (
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Title order={2} size="h5">
                  Cost
                </Title>
                <Table withRowBorders={false} verticalSpacing={4} fz="sm" aria-label="Cost breakdown">
                  <Table.Tbody>
                    {breakdown.lines.map((line) => (
                      <Table.Tr key={line.label}>
                        <Table.Td>{line.label}</Table.Td>
                        <Table.Td ta="right">{formatUsd(line.cents)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Divider />
                <Group justify="space-between">
                  <Text fw={600}>Current cycle fee ({cycle.cycleName})</Text>
                  <Text fw={700} data-testid="current-fee">
                    {formatUsdPerPeriod(currentCents, cycle.displayPeriod)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {[
                    s.billingModeDiscount > 0
                      ? `the ${cycle.displayPeriod === 'year' ? 'yearly' : `${cycle.displayPeriod}ly`} billing discount`
                      : null,
                    s.organizationDiscount > 0 ? 'your organization discount' : null,
                  ]
                    .filter(Boolean)
                    .join(' and ')
                    .replace(/^(.)/, (c) => `Includes ${c}`)
                    .concat(s.billingModeDiscount > 0 || s.organizationDiscount > 0 ? '. ' : '')}
                  Overage is billed monthly and never discounted.
                </Text>
              </Stack>
            </Paper>
          )}

          {actions.showUsageFigures && (
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Title order={2} size="h5">
                  Usage this month
                </Title>
                <Table withRowBorders={false} verticalSpacing={4} fz="sm" aria-label="Usage figures">
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td>RTUs used</Table.Td>
                      <Table.Td ta="right">{s.accruedRtusThisMonth.toLocaleString('en-US')}</Table.Td>
                    </Table.Tr>
                    {usageBilled && (
                      <>
                        <Table.Tr>
                          <Table.Td>
                            {s.annualUsageReset ? 'RTUs included per year' : 'RTUs included per month'}
                          </Table.Td>
                          <Table.Td ta="right">
                            {(s.annualUsageReset
                              ? annualRtus(s.plan.baseRtus)
                              : s.plan.baseRtus
                            ).toLocaleString('en-US')}
                          </Table.Td>
                        </Table.Tr>
                        <Table.Tr>
                          <Table.Td>Overage per additional RTU</Table.Td>
                          <Table.Td ta="right">
                            ${s.plan.overagePerRtu.toFixed(s.plan.overagePerRtu < 0.1 ? 3 : 2)}
                          </Table.Td>
                        </Table.Tr>
                        <Table.Tr>
                          <Table.Td>Overage accrued</Table.Td>
                          <Table.Td ta="right" data-testid="overage-accrued">
                            {formatUsd(accruedCents)}
                          </Table.Td>
                        </Table.Tr>
                      </>
                    )}
                  </Table.Tbody>
                </Table>
                {actions.showUsageButton && (
                  <Group justify="flex-end">
                    <Button
                      component={Link}
                      to={`/SubscriptionUsageDetails/${s.subscriptionId}`}
                      variant="light"
                    >
                      Detailed RTU Usage
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          )}
        </Stack>
      </SimpleGrid>

      {(actions.showOfflineForm || actions.showOfflineDownload) && (
        <OfflineSection subscription={s} actions={actions} />
      )}

      {actions.showCancel && (
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed">
            Renews automatically{s.nextBaseBillingDate ? ` on ${formatLongDate(s.nextBaseBillingDate)}` : ''}.
            Cancelling keeps access until then.
          </Text>
          <CancelSubscription subscription={s} />
        </Group>
      )}
    </Stack>
  );
}
