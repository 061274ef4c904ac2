import { Button, Checkbox, Code, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type PutSsoConfig, PutSsoConfigSchema, SsoMessages, type SsoSettings } from '@store/core';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useDeleteSsoSettings } from '../api/delete-sso-settings';
import { usePutSsoSettings } from '../api/put-sso-settings';

const initialValues = (settings: SsoSettings): PutSsoConfig => ({
  kind: 'oidc',
  issuer: settings.config?.issuer ?? '',
  clientId: settings.config?.clientId ?? '',
  clientSecret: '',
  enforced: settings.config?.enforced ?? false,
});

/**
 * The OpenID Connect set-up (docs/decisions/036): the redirect URI to register at the provider, then
 * what the provider gives. The secret is never shown again: left empty, the kept one stays.
 */
export function SsoSettingsForm({ settings }: { settings: SsoSettings }) {
  const save = usePutSsoSettings();
  const remove = useDeleteSsoSettings();
  const { form, onSubmit, reset } = useSchemaForm(PutSsoConfigSchema, {
    initialValues: initialValues(settings),
  });
  const submit = onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(initialValues(saved));
        showAlert({ type: 'success', text: SsoMessages.saved });
      },
    }),
  );
  return (
    <Stack gap="md" component="section" aria-labelledby="sso-oidc-heading">
      <Title order={2} size="h3" id="sso-oidc-heading">
        OpenID Connect
      </Title>
      <div>
        <Text fw={500} size="sm">
          {SsoMessages.redirectUriLabel}
        </Text>
        <Code
          block
          data-testid="sso-redirect-uri"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {settings.redirectUri}
        </Code>
      </div>
      <form onSubmit={submit} noValidate aria-label={SsoMessages.heading}>
        <Stack gap="sm" maw={560}>
          <TextInput
            label={SsoMessages.issuerLabel}
            description={SsoMessages.issuerDescription}
            required
            autoComplete="off"
            {...form.getInputProps('issuer')}
          />
          <TextInput
            label={SsoMessages.clientIdLabel}
            required
            autoComplete="off"
            {...form.getInputProps('clientId')}
          />
          <PasswordInput
            label={SsoMessages.clientSecretLabel}
            description={settings.config?.clientSecretSet ? SsoMessages.clientSecretKept : undefined}
            required={!settings.config}
            autoComplete="new-password"
            {...form.getInputProps('clientSecret')}
          />
          <Checkbox
            label={SsoMessages.enforcedLabel}
            description={SsoMessages.enforcedDescription}
            {...form.getInputProps('enforced', { type: 'checkbox' })}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {SsoMessages.save}
            </Button>
            {settings.config && (
              <Button
                variant="outline"
                color="red.9"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => showAlert({ type: 'success', text: SsoMessages.removed }),
                  })
                }
              >
                {SsoMessages.remove}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
