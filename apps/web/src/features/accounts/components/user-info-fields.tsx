import { SimpleGrid, TextInput } from '@mantine/core';
import { NewPasswordInput } from '../../../components/new-password-input';
import type { InputPropsOf } from '../../../lib/form';

type UserInfoField = 'firstName' | 'lastName' | 'email' | 'password';

/** The user-info sub-form of Register and Add New User (spec §5: messages once dirty or touched). */
export function UserInfoFields({ form }: { form: { getInputProps: InputPropsOf<UserInfoField> } }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="First Name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
      <TextInput label="Last Name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
      <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
      <NewPasswordInput label="Password" required {...form.getInputProps('password')} />
    </SimpleGrid>
  );
}
