import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PasswordMessages } from '@store/core';

/** Where someone chooses a password: the browser may suggest one, and the rules are shown beneath the label. */
export function NewPasswordInput(props: PasswordInputProps) {
  return <PasswordInput description={PasswordMessages.rules} autoComplete="new-password" {...props} />;
}
