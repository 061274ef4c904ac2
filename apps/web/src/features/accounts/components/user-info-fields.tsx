import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';

export interface UserInfoValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

interface FormLike {
  values: UserInfoValues;
  set(key: keyof UserInfoValues, value: string): void;
  touch(key: string): void;
  error(key: string): string | undefined;
}

/** The user-info sub-form of Register and Add New User (spec §5: messages once dirty or touched). */
export function UserInfoFields({ form }: { form: FormLike }) {
  const field = (key: keyof UserInfoValues) => ({
    value: form.values[key],
    onChange: (e: { currentTarget: { value: string } }) => form.set(key, e.currentTarget.value),
    onBlur: () => form.touch(key),
    error: form.error(key),
    required: true,
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="First Name" autoComplete="given-name" {...field('firstName')} />
      <TextInput label="Last Name" autoComplete="family-name" {...field('lastName')} />
      <TextInput label="Email" type="email" autoComplete="email" {...field('email')} />
      <PasswordInput label="Password" autoComplete="new-password" {...field('password')} />
    </SimpleGrid>
  );
}
