import { Anchor, Text, Textarea, TextInput } from '@mantine/core';
import { type PutSamlConfig, PutSamlConfigSchema, SsoMessages, type SsoSettings } from '@store/core';
import { useState } from 'react';
import { ScreenSection } from '../../../components/screen-section';
import { CopyableValue, LabelledChoice, SsoConfigForm } from './sso-shared-fields';
import { useSsoConfigForm } from './use-sso-config-form';

type Source = 'xml' | 'url';

/** Where the identity provider's metadata comes from: pasted, or read from its URL at each save. */
const SOURCES: { value: Source; label: string }[] = [
  { value: 'xml', label: SsoMessages.metadataPaste },
  { value: 'url', label: SsoMessages.metadataFromUrl },
];

const initialValues = (settings: SsoSettings): PutSamlConfig => ({
  kind: 'saml',
  metadataXml: '',
  metadataUrl: (settings.config?.kind === 'saml' && settings.config.metadataUrl) || '',
  enforced: settings.config?.enforced ?? false,
  defaultRole: settings.config?.defaultRole ?? 'user',
});

/**
 * The SAML 2.0 set-up (docs/decisions/037): what to give the identity provider (the store's entity
 * id, ACS and metadata to download), then the provider's metadata, pasted or at a URL the server
 * reads at each save. Left empty, the kept metadata stays.
 */
export function SamlSettingsForm({ settings }: { settings: SsoSettings }) {
  const kept = settings.config?.kind === 'saml' ? settings.config : null;
  const [source, setSource] = useState<Source>(kept && !kept.metadataUrl ? 'xml' : kept ? 'url' : 'xml');
  const config = useSsoConfigForm(
    PutSamlConfigSchema,
    initialValues,
    settings,
    // Only the chosen source goes: the other field may still hold what was typed before switching.
    (values) =>
      source === 'xml' ? { ...values, metadataUrl: undefined } : { ...values, metadataXml: undefined },
  );
  const { form } = config;
  return (
    <ScreenSection headingId="sso-saml-heading" heading={SsoMessages.samlHeading}>
      <CopyableValue
        label={SsoMessages.spEntityIdLabel}
        value={settings.saml.entityId}
        testId="sso-sp-entity-id"
      />
      <CopyableValue label={SsoMessages.acsUrlLabel} value={settings.saml.acsUrl} testId="sso-acs-url" />
      <Anchor href={settings.saml.metadataUrl} download>
        {SsoMessages.spMetadataDownload}
      </Anchor>
      {kept && (
        <Text size="sm" data-testid="sso-saml-kept">
          {SsoMessages.metadataKept(kept.entityId ?? '')}
        </Text>
      )}
      <SsoConfigForm state={config} label={SsoMessages.samlHeading} configured={Boolean(settings.config)}>
        <LabelledChoice
          label={SsoMessages.metadataSourceLabel}
          value={source}
          onChange={setSource}
          data={SOURCES}
        />
        {source === 'xml' ? (
          <Textarea
            label={SsoMessages.metadataXmlLabel}
            description={SsoMessages.metadataXmlDescription}
            required={!kept}
            autosize
            minRows={4}
            maxRows={12}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('metadataXml')}
          />
        ) : (
          <TextInput
            label={SsoMessages.metadataUrlLabel}
            description={SsoMessages.metadataUrlDescription}
            required={!kept}
            type="url"
            autoComplete="off"
            {...form.getInputProps('metadataUrl')}
          />
        )}
      </SsoConfigForm>
    </ScreenSection>
  );
}
