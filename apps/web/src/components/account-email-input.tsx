import { TextInput, type TextInputProps } from '@mantine/core';

/** The e-mail address an account signs in with: password managers fill it as the account's user name. */
export function AccountEmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="username" required {...props} />;
}
