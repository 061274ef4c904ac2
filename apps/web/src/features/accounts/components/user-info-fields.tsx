import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { PasswordMessages } from '@store/core';
import type { InputPropsOf } from '../../../lib/form';

type UserInfoField = 'firstName' | 'lastName' | 'email' | 'password';

/** The user-info sub-form of Register and Add New User (spec §5: messages once dirty or touched). */
export function UserInfoFields({ form }: { form: { getInputProps: InputPropsOf<UserInfoField> } }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="First Name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
      <TextInput label="Last Name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
      <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
      <PasswordInput
        label="Password"
        description={PasswordMessages.rules}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
    </SimpleGrid>
  );
}
