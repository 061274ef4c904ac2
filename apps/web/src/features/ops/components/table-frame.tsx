import { Box, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { type ColumnHead, ColumnHeads } from '../../../components/column-heads';

/**
 * A wide table that scrolls sideways on a phone inside its own frame. The frame takes the keyboard
 * focus (axe: scrollable-region-focusable) so the hidden columns can be reached without a pointer.
 */
function TableFrame({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable on purpose
    <section className="table-frame" tabIndex={0} aria-label={label}>
      <Box miw={minWidth}>{children}</Box>
    </section>
  );
}

/**
 * The console's table: its frame named after it ("…, scrolls sideways"), its header row from `heads`
 * (and `actions`, as ColumnHeads reads them), and `children` as its rows. A table under a heading of
 * its own is named by that heading (`labelledBy`); `label` is then the heading's text, for the frame.
 */
export function FramedTable({
  label,
  labelledBy,
  minWidth,
  heads,
  actions,
  children,
  ...table
}: {
  label: string;
  labelledBy?: string;
  minWidth: number;
  heads: ReadonlyArray<ColumnHead | false>;
  actions?: string;
  children: ReactNode;
} & Pick<TableProps, 'striped' | 'highlightOnHover' | 'verticalSpacing'>) {
  return (
    <TableFrame minWidth={minWidth} label={`${label}, scrolls sideways`}>
      <Table {...table} aria-label={labelledBy ? undefined : label} aria-labelledby={labelledBy}>
        <ColumnHeads names={heads} actions={actions} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableFrame>
  );
}
