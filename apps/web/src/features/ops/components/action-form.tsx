import { Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { SubmitRow } from '../../../components/submit-row';

/** The input step of a console action's dialog: its fields, then the button that leads to the confirmation. */
export function ActionForm({
  label,
  onSubmit,
  valid = true,
  pending = false,
  submitLabel = 'Continue',
  children,
}: {
  label: string;
  onSubmit: (event?: FormEvent) => void;
  valid?: boolean;
  pending?: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} aria-label={label}>
      <Stack gap="sm">
        {children}
        <SubmitRow disabled={!valid} loading={pending}>
          {submitLabel}
        </SubmitRow>
      </Stack>
    </form>
  );
}
