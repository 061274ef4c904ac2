import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { OpsOrganizationDetail } from '@store/core';
import { NumberField } from '../../../components/number-field';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useUpdateOrganizationTerms } from '../api/update-organization-terms';
import { TermsFormSchema, termsFormValues, termsFromForm } from '../terms-form';
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
  const submit = onSubmit((values) => {
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
  });
  return (
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
          <Checkbox label="Billed by invoice" {...form.getInputProps('invoiceTerms', { type: 'checkbox' })} />
          <Group>
            <Button type="submit" disabled={!valid || !form.isDirty()} loading={save.isPending}>
              Save terms
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
