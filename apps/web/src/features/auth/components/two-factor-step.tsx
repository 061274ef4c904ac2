import { Anchor, Button, Stack, Text } from '@mantine/core';
import { TwoFactorMessages } from '@store/core';
import { useState } from 'react';
import { CodeForm } from '../../two-factor';

export interface TwoFactorStepProps {
  pending: boolean;
  onCode(factor: { totp: string } | { recoveryCode: string }): void;
  onBack(): void;
}

/** The login screen's second step: a code of the authenticator app, or a recovery code (docs/design.md §4). */
export function TwoFactorStep({ pending, onCode, onBack }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  return (
    <Stack gap="md" aria-label="Two-factor sign-in">
      <Text>
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
          : TwoFactorMessages.codeRequired}
      </Text>
      <CodeForm
        key={recovery ? 'recovery' : 'totp'}
        kind={recovery ? 'recovery' : 'totp'}
        submitLabel="Verify"
        pending={pending}
        onSubmit={(code) => onCode(recovery ? { recoveryCode: code } : { totp: code })}
      />
      <Anchor component="button" type="button" size="sm" onClick={() => setRecovery((r) => !r)}>
        {recovery ? 'Use the code of your authenticator app' : 'Use a recovery code instead'}
      </Anchor>
      <Button variant="subtle" onClick={onBack}>
        Back to Log In
      </Button>
    </Stack>
  );
}
