import { Stack } from '@mantine/core';
import { SsoMessages, type SsoSettings } from '@store/core';
import { useState } from 'react';
import { OidcSettingsForm } from './oidc-settings-form';
import { SamlSettingsForm } from './saml-settings-form';
import { LabelledChoice } from './sso-shared-fields';

type Kind = 'oidc' | 'saml';

const PROTOCOLS: { value: Kind; label: string }[] = [
  { value: 'oidc', label: SsoMessages.oidcHeading },
  { value: 'saml', label: SsoMessages.samlHeading },
];

/**
 * The single sign-on set-up: OpenID Connect (docs/decisions/036) or SAML 2.0 (037). Choosing the
 * other protocol shows its form; saving it replaces the kept set-up, of either kind.
 */
export function SsoSettingsForm({ settings }: { settings: SsoSettings }) {
  const [kind, setKind] = useState<Kind>(settings.config?.kind ?? 'oidc');
  return (
    <Stack gap="md">
      <LabelledChoice label={SsoMessages.protocolLabel} value={kind} onChange={setKind} data={PROTOCOLS} />
      {kind === 'oidc' ? <OidcSettingsForm settings={settings} /> : <SamlSettingsForm settings={settings} />}
    </Stack>
  );
}
