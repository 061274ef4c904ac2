import { MantineProvider, Table } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../../../../test/support/match-media';
import { FramedTable } from './table-frame';

// The console's tables are all written through FramedTable: what a screen reader meets in them is
// decided there, once.

beforeAll(stubMatchMedia);
afterEach(cleanup);

const shown = (table: ReactNode) => render(<MantineProvider>{table}</MantineProvider>);

const row = (
  <Table.Tr>
    <Table.Td>2026-000001</Table.Td>
    <Table.Td>12.00</Table.Td>
    <Table.Td>
      <button type="button">Open</button>
    </Table.Td>
  </Table.Tr>
);

describe('FramedTable', () => {
  it('names the table and its focusable frame, heads its columns and keeps the actions head for screen readers', () => {
    shown(
      <FramedTable
        label="Bills"
        minWidth={480}
        heads={['Bill', false, { name: 'Total (USD)', numeric: true }]}
        actions="Actions"
      >
        {row}
      </FramedTable>,
    );
    const frame = screen.getByRole('region', { name: 'Bills, scrolls sideways' });
    expect(frame.getAttribute('tabindex')).toBe('0');
    const table = within(frame).getByRole('table', { name: 'Bills' });
    const heads = within(table).getAllByRole('columnheader');
    expect(heads.map((h) => h.textContent)).toEqual(['Bill', 'Total (USD)', 'Actions']);
    expect(heads.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2026-000001', '12.00', 'Open']);
  });

  it('lets a heading of its own name the table, and names the frame after that heading', () => {
    shown(
      <>
        <h3 id="refunds-heading">Refunds</h3>
        <FramedTable label="Refunds" labelledBy="refunds-heading" minWidth={420} heads={['Date']}>
          {null}
        </FramedTable>
      </>,
    );
    const table = screen.getByRole('table', { name: 'Refunds' });
    expect(table.getAttribute('aria-labelledby')).toBe('refunds-heading');
    expect(table.hasAttribute('aria-label')).toBe(false);
    screen.getByRole('region', { name: 'Refunds, scrolls sideways' });
  });
});
