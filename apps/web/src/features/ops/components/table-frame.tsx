import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone inside its own frame. The frame takes the keyboard
 * focus (axe: scrollable-region-focusable) so the hidden columns can be reached without a pointer.
 */
export function TableFrame({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable on purpose
    <section className="table-frame" tabIndex={0} aria-label={label}>
      <Box miw={minWidth}>{children}</Box>
    </section>
  );
}
