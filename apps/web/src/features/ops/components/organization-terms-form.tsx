import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { GRACE_DAYS, OpsConfirmations, type OpsOrganizationDetail, paymentTermsText } from '@store/core';
import { useState } from 'react';
import { NumberField } from '../../../components/number-field';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useUpdateOrganizationTerms } from '../api/update-organization-terms';
import { PAYMENT_TERMS_CHOICES, TermsFormSchema, termsFormValues, termsFromForm } from '../terms-form';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { ParentSelect } from './parent-select';

type Organization = OpsOrganizationDetail['organization'];

/** The terms the store agreed with the organization (docs/design.md §2: customers never set their own). */
export function OrganizationTermsForm({ organization }: { organization: Organization }) {
  const save = useUpdateOrganizationTerms();
  const { form, onSubmit, valid, reset } = useSchemaForm(TermsFormSchema, {
    initialValues: termsFormValues(organization),
  });
  const current =
    organization.parentOrganizationId === null
      ? null
      : { organizationId: organization.parentOrganizationId, name: organization.parentName ?? '' };
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const submit = onSubmit((values) =>
    setAsking({
      title: 'Save terms',
      body: (
        <Stack gap="xs">
          <Text>{OpsConfirmations.terms(organization.name, `${values.discountPercent} %`)}</Text>
          {Number(values.paymentTermsDays) !== organization.paymentTermsDays && (
            <Text>
              {OpsConfirmations.paymentTerms(
                organization.name,
                paymentTermsText(organization.paymentTermsDays),
                paymentTermsText(Number(values.paymentTermsDays)),
              )}
            </Text>
          )}
        </Stack>
      ),
      typeLabel: 'Organization name',
      expected: organization.name,
      confirmLabel: 'Save terms',
      onConfirm: () => saveTerms(values),
    }),
  );
  const saveTerms = (values: Parameters<typeof termsFromForm>[0]) => {
    const terms = termsFromForm(values);
    // The page remounts this form with the organization it refetches after the save, and a remounted
    // form never hears mutate's own onSuccess: the promise tells the outcome whichever form is shown.
    // A refusal's message is shown by the query client.
    save.mutateAsync({ organizationId: organization.organizationId, terms }).then(
      () => {
        reset(termsFormValues({ ...organization, ...terms }));
        showAlert({ type: 'success', text: `Terms of ${organization.name} saved` });
      },
      () => {},
    );
  };
  return (
    <>
      {/* Outside the form: a dialog's submit would bubble through the portal into this form. */}
      <ConfirmDialog confirmation={asking} onClose={() => setAsking(null)} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="terms-heading">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={3} id="terms-heading">
              Terms
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberField
                label="Discount (%)"
                min={0}
                max={100}
                decimalScale={2}
                // The form's message says what is wrong; clamping would change the figure silently.
                clampBehavior="none"
                {...form.getInputProps('discountPercent')}
              />
              <ParentSelect
                organizationId={organization.organizationId}
                current={current}
                inputProps={form.getInputProps('parentOrganizationId')}
              />
            </SimpleGrid>
            <TextInput
              label="Tax / VAT ID"
              description="Printed on the organization's invoices and credit notes"
              {...form.getInputProps('taxId')}
            />
            <Checkbox
              label="Allow monthly billing"
              {...form.getInputProps('allowMonthly', { type: 'checkbox' })}
            />
            <Checkbox
              label="Perpetual account (owns licenses, not subscriptions)"
              {...form.getInputProps('perpetualAccount', { type: 'checkbox' })}
            />
            <Checkbox
              label="Billed by invoice"
              {...form.getInputProps('invoiceTerms', { type: 'checkbox' })}
            />
            <NativeSelect
              label="Payment terms"
              description={`Days an invoice gives to pay, from its date; the grace of ${GRACE_DAYS} days follows before its subscriptions stop`}
              data={PAYMENT_TERMS_CHOICES}
              maw={320}
              {...form.getInputProps('paymentTermsDays')}
            />
            <Group>
              <Button type="submit" disabled={!valid || !form.isDirty()} loading={save.isPending}>
                Save terms
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
