import type { YearResult } from './run';

/** The year's table: each check with its violations (the first few spelled out), then the figures. */
export function printYear(result: YearResult): void {
  const rows: [string, string][] = result.checks.map((c) => [
    c.name,
    `${c.violations.length} violations of ${c.checked}`,
  ]);
  rows.push(['wall time', `${result.wallSeconds.toFixed(0)} s`], ...result.figures);
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('');
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
  for (const c of result.checks.filter((x) => x.violations.length > 0)) {
    console.log(`\n${c.name}:`);
    for (const v of c.violations.slice(0, 10)) console.log(`  ${v}`);
  }
}
