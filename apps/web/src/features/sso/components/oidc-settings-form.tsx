import { PasswordInput, TextInput } from '@mantine/core';
import {
  type PutOidcConfig,
  PutOidcConfigSchema,
  SsoMessages,
  SsoScreenName,
  type SsoSettings,
} from '@store/core';
import { ScreenSection } from '../../../components/screen-section';
import { CopyableValue, SsoConfigForm } from './sso-shared-fields';
import { useSsoConfigForm } from './use-sso-config-form';

const initialValues = (settings: SsoSettings): PutOidcConfig => {
  const config = settings.config?.kind === 'oidc' ? settings.config : null;
  return {
    kind: 'oidc',
    issuer: config?.issuer ?? '',
    clientId: config?.clientId ?? '',
    clientSecret: '',
    enforced: settings.config?.enforced ?? false,
    defaultRole: settings.config?.defaultRole ?? 'user',
  };
};

/**
 * The OpenID Connect set-up (docs/decisions/036): the redirect URI to register at the provider, then
 * what the provider gives. The secret is never shown again: left empty, the kept one stays.
 */
export function OidcSettingsForm({ settings }: { settings: SsoSettings }) {
  const kept = settings.config?.kind === 'oidc' ? settings.config : null;
  const config = useSsoConfigForm(PutOidcConfigSchema, initialValues, settings);
  const { form } = config;
  return (
    <ScreenSection headingId="sso-oidc-heading" heading={SsoMessages.oidcHeading}>
      <CopyableValue
        label={SsoMessages.redirectUriLabel}
        value={settings.redirectUri}
        testId="sso-redirect-uri"
      />
      <SsoConfigForm state={config} label={SsoScreenName.heading} configured={Boolean(settings.config)}>
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
          description={kept?.clientSecretSet ? SsoMessages.clientSecretKept : undefined}
          required={!kept}
          autoComplete="new-password"
          {...form.getInputProps('clientSecret')}
        />
      </SsoConfigForm>
    </ScreenSection>
  );
}
