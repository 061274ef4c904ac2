import { SegmentedControl, Stack, Text } from '@mantine/core';
import { SsoMessages, type SsoSettings } from '@store/core';
import { useState } from 'react';
import { OidcSettingsForm } from './oidc-settings-form';
import { SamlSettingsForm } from './saml-settings-form';

type Kind = 'oidc' | 'saml';

/**
 * The single sign-on set-up: OpenID Connect (docs/decisions/036) or SAML 2.0 (037). Choosing the
 * other protocol shows its form; saving it replaces the kept set-up, of either kind.
 */
export function SsoSettingsForm({ settings }: { settings: SsoSettings }) {
  const [kind, setKind] = useState<Kind>(settings.config?.kind ?? 'oidc');
  return (
    <Stack gap="md">
      <div>
        <Text fw={500} size="sm" id="sso-protocol">
          {SsoMessages.protocolLabel}
        </Text>
        <SegmentedControl
          aria-labelledby="sso-protocol"
          value={kind}
          onChange={(value) => setKind(value as Kind)}
          data={[
            { value: 'oidc', label: SsoMessages.oidcHeading },
            { value: 'saml', label: SsoMessages.samlHeading },
          ]}
        />
      </div>
      {kind === 'oidc' ? <OidcSettingsForm settings={settings} /> : <SamlSettingsForm settings={settings} />}
    </Stack>
  );
}
