import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';

/** Copies a secret or key shown beside it (a license key, a new API token) to the clipboard. */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon variant="subtle" onClick={copy} aria-label={label} color={copied ? 'teal' : 'gray'}>
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
  );
}
