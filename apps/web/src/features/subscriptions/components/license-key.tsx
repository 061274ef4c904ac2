import { ActionIcon, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { Messages, type SubscriptionDetail } from '@store/core';

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
          <CopyButton value={s.apiKey1} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy license key'} withArrow>
                <ActionIcon
                  variant="subtle"
                  onClick={copy}
                  aria-label="Copy license key"
                  color={copied ? 'teal' : 'gray'}
                >
                  <svg
                    width="16"
                    height="16"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden="true"
                  >
                    {copied ? <path d="M5 12l5 5L20 7" /> : <path d="M9 9h11v11H9zM5 15H4V4h11v1" />}
                  </svg>
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      )}
    </>
  );
}
