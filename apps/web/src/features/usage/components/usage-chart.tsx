import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { ColorSwatch, Group, Text, VisuallyHidden } from '@mantine/core';
import type { FlexUsage } from '@store/core';

// Distinct, colour-blind-friendlier hues from Mantine's palette; hosts beyond these cycle.
const COLORS = [
  'brand.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.7',
  'yellow.7',
  'pink.6',
  'lime.7',
  'indigo.4',
  'gray.6',
];
const MAX_SERIES = 9;

/** RTUs per date range, stacked by host: the trend at a glance above the table. */
export function UsageChart({ usage }: { usage: FlexUsage }) {
  // Many hosts would make an unreadable rainbow: the biggest keep their own colour, the rest are 'Other hosts'.
  const top = usage.runs.slice(0, MAX_SERIES);
  const rest = usage.runs.slice(MAX_SERIES);
  const series = top.map((run, i) => ({ name: run.hostname, color: COLORS[i % COLORS.length]! }));
  if (rest.length) series.push({ name: 'Other hosts', color: 'gray.5' });
  const data = usage.dateRanges.map((label, i) => {
    const row: Record<string, string | number> = { range: label.split(' - ')[0] ?? label, period: label };
    for (const run of top) row[run.hostname] = run.dateRangePages[i] ?? 0;
    if (rest.length) row['Other hosts'] = rest.reduce((sum, run) => sum + (run.dateRangePages[i] ?? 0), 0);
    return row;
  });
  return (
    <figure style={{ margin: 0 }} aria-label="RTUs per date range, stacked by host">
      <BarChart
        h={300}
        data={data}
        dataKey="range"
        type="stacked"
        series={series}
        valueFormatter={(v) => v.toLocaleString('en-US')}
        yAxisLabel="RTUs"
        tickLine="y"
        data-testid="usage-chart"
      />
      {/* The legend is the page's own: it wraps onto as many lines as a phone needs and the card
          grows with it (the chart's own legend had a fixed height and spilled over the next card). */}
      <Group component="ul" aria-label="Hosts" gap="xs" wrap="wrap" style={{ rowGap: 4 }} p={0} m={0} mt="xs">
        {series.map((s) => (
          <Group component="li" key={s.name} gap={6} wrap="nowrap" style={{ listStyle: 'none' }}>
            <ColorSwatch
              color={`var(--mantine-color-${s.color.replace('.', '-')})`}
              size={10}
              withShadow={false}
            />
            <Text size="xs">{s.name}</Text>
          </Group>
        ))}
      </Group>
      <VisuallyHidden component="figcaption">
        RTUs per date range, stacked by host. The table below lists every figure.
      </VisuallyHidden>
    </figure>
  );
}
