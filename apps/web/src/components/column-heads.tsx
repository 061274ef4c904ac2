import { Table, VisuallyHidden } from '@mantine/core';

/** A column's head: its name, or its name with how its cells read. */
export type ColumnHead =
  | string
  | {
      name: string;
      /** Amounts and counts: right-aligned, as their cells are, so digits line up under the name. */
      numeric?: boolean;
      /** A column that only fits from this breakpoint up (its cells say the same). */
      visibleFrom?: 'xs' | 'sm' | 'md';
      className?: string;
    };

/**
 * A table's header row, the one way the app writes one. `false` among the names leaves out a column
 * that a caller shows only sometimes. `actions` names a last column of buttons: a header screen readers
 * announce for its cells, which would take room on screen for nothing.
 */
export function ColumnHeads({
  names,
  actions,
}: {
  names: ReadonlyArray<ColumnHead | false>;
  actions?: string;
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {names.map((head) => {
          if (head === false) return null;
          const { name, numeric, visibleFrom, className } = typeof head === 'string' ? { name: head } : head;
          return (
            <Table.Th
              key={name}
              scope="col"
              ta={numeric ? 'right' : undefined}
              visibleFrom={visibleFrom}
              className={className}
            >
              {name}
            </Table.Th>
          );
        })}
        {actions && (
          <Table.Th scope="col">
            <VisuallyHidden>{actions}</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
