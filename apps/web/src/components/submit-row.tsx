import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's submit button, alone at the end of its last row. */
export function SubmitRow({
  loading,
  disabled,
  children,
}: {
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button type="submit" disabled={disabled} loading={loading}>
        {children}
      </Button>
    </Group>
  );
}
