import { Button, Group, Text } from '@mantine/core';
import { type AccountPerson, TwoFactorMessages } from '@store/core';
import { useState } from 'react';
import { showAlert } from '../../alert';
import { useResetTwoFactor } from '../api/reset-two-factor';

/** An admin's control on another user's Account screen: reset a lost second factor. */
export function ResetTwoFactor({ person }: { person: AccountPerson }) {
  const reset = useResetTwoFactor();
  const [confirming, setConfirming] = useState(false);
  const name = `${person.firstName} ${person.lastName}`;
  return (
    <Group justify="space-between" py="md" wrap="wrap">
      <Text size="sm">
        Two-factor sign-in: <strong>{person.twoFactorEnabled ? 'On' : 'Off'}</strong>
      </Text>
      {person.twoFactorEnabled &&
        (confirming ? (
          <Group gap="xs">
            <Button
              color="red.9"
              loading={reset.isPending}
              onClick={() =>
                reset.mutate(person.personId, {
                  onSuccess: () => {
                    setConfirming(false);
                    showAlert({ type: 'success', text: TwoFactorMessages.resetDone(name) });
                  },
                })
              }
            >
              Reset for {name}
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Button variant="default" onClick={() => setConfirming(true)}>
            Reset two-factor sign-in
          </Button>
        ))}
    </Group>
  );
}
