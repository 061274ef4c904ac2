import { Alert, Badge, Button, Code, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import { TwoFactorMessages, type TwoFactorSetup } from '@store/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { showAlert } from '../../alert';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useSetUpTwoFactor } from '../api/set-up-two-factor';
import { CodeForm } from './code-form';

/** The otpauth URI as a QR code, drawn here in the browser: the secret never leaves for a QR service. */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <Image src={src} w={200} h={200} alt="QR code of the two-factor secret for your authenticator app" />
  ) : null;
}

/** The signed-in person's own two-factor sign-in on the Account screen (docs/design.md §4). */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const setUp = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);

  if (!status.data) return null;
  const { enabled, recoveryCodesLeft, setupRequired } = status.data;

  return (
    <Stack gap="sm" py="md" data-testid="two-factor">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Two-factor sign-in
        </Title>
        <Badge color={enabled ? 'green.8' : 'gray.7'} variant="filled">
          {enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      {setupRequired && !recoveryCodes && (
        <Alert color="yellow" variant="light" role="status">
          {TwoFactorMessages.setupRequired}
        </Alert>
      )}

      {recoveryCodes && (
        <Stack gap="xs">
          <Alert color="green" variant="light" role="status">
            {TwoFactorMessages.enabled}
          </Alert>
          <List aria-label="Recovery codes" listStyleType="none" spacing={4}>
            {recoveryCodes.map((c) => (
              <List.Item key={c}>
                <Code fz="md">{c}</Code>
              </List.Item>
            ))}
          </List>
          <Group>
            <Button onClick={() => setRecoveryCodes(null)}>I have saved my recovery codes</Button>
          </Group>
        </Stack>
      )}

      {!enabled && !pending && !recoveryCodes && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Sign in with a code from an authenticator app as well as your password.
          </Text>
          <Button
            loading={setUp.isPending}
            onClick={() => setUp.mutate(undefined, { onSuccess: setPending })}
          >
            Set up two-factor sign-in
          </Button>
        </Group>
      )}

      {!enabled && pending && (
        <Stack gap="sm">
          <Text size="sm">{TwoFactorMessages.scanOrType}</Text>
          <QrCode uri={pending.otpauthUri} />
          <Text size="sm">
            Secret: <Code data-testid="two-factor-secret">{pending.secret}</Code>
          </Text>
          <CodeForm
            submitLabel="Turn on"
            pending={enable.isPending}
            onSubmit={(code) =>
              enable.mutate(code, {
                onSuccess: (answer) => {
                  setPending(null);
                  setRecoveryCodes(answer.recoveryCodes);
                },
              })
            }
            onCancel={() => setPending(null)}
          />
        </Stack>
      )}

      {enabled && !recoveryCodes && (
        <Stack gap="xs">
          <Text size="sm">{TwoFactorMessages.recoveryCodesLeft(recoveryCodesLeft)}</Text>
          {turningOff ? (
            <CodeForm
              submitLabel="Turn off"
              pending={disable.isPending}
              onSubmit={(code) =>
                disable.mutate(code, {
                  onSuccess: () => {
                    setTurningOff(false);
                    showAlert({ type: 'success', text: TwoFactorMessages.disabled });
                  },
                })
              }
              onCancel={() => setTurningOff(false)}
            />
          ) : (
            <Group>
              <Button variant="default" onClick={() => setTurningOff(true)}>
                Turn off two-factor sign-in
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
