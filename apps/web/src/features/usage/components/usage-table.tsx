import { Table, Text } from '@mantine/core';
import type { FlexUsage } from '@store/core';

const n = (v: number) => v.toLocaleString('en-US');

/** Hostnames × exactly 12 date ranges, plus a total per host (spec §2). */
export function UsageTable({ usage }: { usage: FlexUsage }) {
  const columnTotals = usage.dateRanges.map((_, i) =>
    usage.runs.reduce((sum, r) => sum + (r.dateRangePages[i] ?? 0), 0),
  );
  const grandTotal = usage.runs.reduce((sum, r) => sum + r.totalPages, 0);
  // Twelve cycles are wider than most screens: the frame opens at its left end, where a table is
  // read from (opened at the right, it looked cut off); Hostname and Total stay in view, pinned.
  return (
    <section
      className="table-frame"
      // axe (scrollable-region-focusable): keyboard users must be able to scroll the wide table.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable on purpose
      tabIndex={0}
      aria-label="RTUs per host and date range (scrolls sideways)"
    >
      <Table
        miw={1100}
        withTableBorder
        withColumnBorders
        verticalSpacing="xs"
        fz="sm"
        aria-label="RTUs per host and date range"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className="sticky-first">
              Hostname
            </Table.Th>
            {usage.dateRanges.map((label, i) => {
              const [from, to] = label.split(' - ');
              const current = i === usage.dateRanges.length - 1;
              return (
                <Table.Th
                  scope="col"
                  key={label}
                  ta="right"
                  style={{ whiteSpace: 'nowrap' }}
                  aria-label={label}
                >
                  <Text size="xs" fw={600} span>
                    {from}
                  </Text>
                  <Text size="xs" c="dimmed" display="block">
                    to {to}
                  </Text>
                  {current && (
                    <Text size="xs" c="brand.7" fw={600} display="block">
                      current
                    </Text>
                  )}
                </Table.Th>
              );
            })}
            <Table.Th scope="col" ta="right" className="sticky-last">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {usage.runs.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={usage.dateRanges.length + 2}>
                <Text size="sm" c="dimmed">
                  No usage reported in these 12 cycles.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            usage.runs.map((run) => (
              <Table.Tr key={run.hostname}>
                <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }} className="sticky-first">
                  {run.hostname}
                </Table.Th>
                {run.dateRangePages.map((pages, i) => (
                  <Table.Td key={usage.dateRanges[i]} ta="right" c={pages === 0 ? 'dimmed' : undefined}>
                    {n(pages)}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={600} className="sticky-last">
                  {n(run.totalPages)}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {usage.runs.length > 1 && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" className="sticky-first">
                All hosts
              </Table.Th>
              {columnTotals.map((total, i) => (
                <Table.Td key={usage.dateRanges[i]} ta="right" fw={600}>
                  {n(total)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700} className="sticky-last">
                {n(grandTotal)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </section>
  );
}
