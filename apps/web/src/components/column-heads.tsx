import { Table, VisuallyHidden } from '@mantine/core';

/**
 * A table's header row of plain column names. `actions` names a last column of buttons: a header
 * screen readers announce for its cells, which would take room on screen for nothing.
 */
export function ColumnHeads({ names, actions }: { names: readonly string[]; actions?: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {names.map((name) => (
          <Table.Th key={name} scope="col">
            {name}
          </Table.Th>
        ))}
        {actions && (
          <Table.Th scope="col">
            <VisuallyHidden>{actions}</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
