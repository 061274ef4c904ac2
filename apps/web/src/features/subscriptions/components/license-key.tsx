import { Code, Group, Text } from '@mantine/core';
import { Messages, type SubscriptionDetail } from '@store/core';
import { CopyValueButton } from '../../../components/copy-value-button';

export interface LicenseKeyProps {
  subscription: SubscriptionDetail;
  /** Null when the viewer's organization owns the subscription; else the owner's name. */
  withheldFor: string | null;
}

/**
 * The license key engines present (apiKey1) and the license id support asks for (spec §9). The API
 * withholds a sub-account's key from its parent, so another organization's row names who holds it.
 */
export function LicenseKey({ subscription: s, withheldFor }: LicenseKeyProps) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed">
          License ID
        </Text>
        <Text size="sm" fw={600} data-testid="license-id">
          {s.licenseId}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        License Key
      </Text>
      {withheldFor !== null ? (
        <Text size="sm" data-testid="license-key-withheld">
          {Messages.licenseKeyShownTo(withheldFor)}
        </Text>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Code
            block
            style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            data-testid="license-key"
          >
            {s.apiKey1}
          </Code>
          <CopyValueButton value={s.apiKey1} label="Copy license key" />
        </Group>
      )}
    </>
  );
}
