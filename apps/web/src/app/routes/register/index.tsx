import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AccountMessages, RegisterOrganizationDetailsSchema, UserInfoSchema } from '@store/core';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { AccountFormFrame } from '../../../components/account-form-frame';
import { UserInfoFields, useCountryCodes, useRegisterOrganization } from '../../../features/accounts';
import { useSchemaForm } from '../../../lib/form';

const RegisterFormSchema = z.extend(RegisterOrganizationDetailsSchema, UserInfoSchema.shape);

const EMPTY = {
  orgName: '',
  addr1: '',
  addr2: '',
  city: '',
  state: '',
  country: '',
  zip: '',
  taxId: '',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
};

export default function RegisterScreen() {
  const navigate = useNavigate();
  const countries = useCountryCodes();
  const register = useRegisterOrganization();
  const { form, valid, onSubmit } = useSchemaForm(RegisterFormSchema, { initialValues: EMPTY });
  const text = form.getInputProps;

  const submit = onSubmit((v) => {
    if (register.isPending) return;
    register.mutate(
      {
        organization: {
          orgName: v.orgName,
          addr1: v.addr1,
          addr2: v.addr2,
          city: v.city,
          state: v.state,
          country: v.country,
          zip: v.zip,
          taxId: v.taxId,
        },
        admin: { firstName: v.firstName, lastName: v.lastName, email: v.email, password: v.password },
      },
      {
        onSuccess: (result) =>
          navigate('/login', {
            state: { message: AccountMessages.verificationSent(result.email), type: 'success' },
          }),
      },
    );
  });

  return (
    <AccountFormFrame title="Register New Organization" width={760} titleAbove onSubmit={submit}>
      <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Title order={2} size="h4" component="legend">
          Organization
        </Title>
        <TextInput label="Organization Name" autoComplete="organization" required {...text('orgName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Address 1" autoComplete="address-line1" required {...text('addr1')} />
          <TextInput label="Address 2" autoComplete="address-line2" {...text('addr2')} />
          <TextInput label="City" autoComplete="address-level2" required {...text('city')} />
          <TextInput label="State / Province" autoComplete="address-level1" {...text('state')} />
          <NativeSelect
            label="Country"
            autoComplete="country"
            required
            {...form.getInputProps('country')}
            data={[
              { value: '', label: 'Choose a country' },
              ...countries.map((c) => ({ value: c.code, label: c.name })),
            ]}
          />
          <TextInput label="Postal Code" autoComplete="postal-code" required {...text('zip')} />
          <TextInput
            label="Tax / VAT ID"
            description="Printed on your invoices; leave empty if you have none."
            {...text('taxId')}
          />
        </SimpleGrid>
      </Stack>
      <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Title order={2} size="h4" component="legend">
          Admin User Info
        </Title>
        <Text size="sm" c="dimmed">
          The administrator manages the organization's users, subscriptions and billing. We send this address
          a link to verify it before the first log in.
        </Text>
        <UserInfoFields form={form} />
      </Stack>
      <Group justify="flex-end">
        <Anchor component={Link} to="/login">
          Cancel
        </Anchor>
        <Button type="submit" disabled={!valid} loading={register.isPending}>
          Register
        </Button>
      </Group>
    </AccountFormFrame>
  );
}
