import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchRow, machine, printTable } from './lib/report';

// `npm run bench`: every benchmark, each in its own process one after the other, then one table.
// Sizes are each benchmark's defaults except renewals, measured as a rate over 10,000 (100,000
// take long at today's rate; `npx tsx bench/renewals.ts` runs the full count).
//
//   npm run bench                  every benchmark
//   npm run bench -- licensing     only the named ones

const BENCHES: { name: string; args: string[] }[] = [
  { name: 'subscription-list', args: [] },
  { name: 'licensing', args: [] },
  { name: 'renewals', args: ['--count', '10000'] },
  { name: 'usage-details', args: [] },
  { name: 'invoice-pdf', args: [] },
  { name: 'first-load', args: [] },
  { name: 'lighthouse', args: [] },
  { name: 'cold-start', args: [] },
];

const only = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'bench-rows-'));
const rowsFile = join(dir, 'rows.jsonl');
const failed: string[] = [];
const started = Date.now();
for (const bench of BENCHES) {
  if (only.length > 0 && !only.includes(bench.name)) continue;
  console.log(`\n=== ${bench.name}`);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, `${bench.name}.ts`), ...bench.args],
    { stdio: 'inherit', env: { ...process.env, BENCH_ROWS_FILE: rowsFile } },
  );
  if (run.status !== 0) failed.push(bench.name);
}
const rows: BenchRow[] = existsSync(rowsFile)
  ? readFileSync(rowsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
rmSync(dir, { recursive: true, force: true });

console.log(
  `\n=== all benchmarks (${new Date().toISOString().slice(0, 10)}, ${machine()}), ${Math.round((Date.now() - started) / 1000)} s`,
);
printTable(rows);
if (failed.length > 0) {
  console.log(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
