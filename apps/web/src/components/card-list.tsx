import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list of cards, as a phone shows a table's rows (and lists of their own): a real list for screen
 * readers, named by `label`, without bullets or indents.
 */
export function CardList({
  label,
  gap = 'sm',
  children,
}: {
  label?: string;
  gap?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={gap} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
