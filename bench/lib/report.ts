import { appendFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** One figure of a benchmark: what `npm run bench` collects into its table. */
export interface BenchRow {
  bench: string;
  figure: string;
  value: string;
  /** The goal for this figure, when it has one (e.g. '≥ 35 %'). */
  goal?: string;
}

export function printTable(rows: BenchRow[]): void {
  const header: BenchRow = { bench: 'benchmark', figure: 'figure', value: 'value', goal: 'goal' };
  const all = [header, ...rows];
  const width = (key: keyof BenchRow) => Math.max(...all.map((r) => (r[key] ?? '').length));
  const w = { bench: width('bench'), figure: width('figure'), value: width('value'), goal: width('goal') };
  const line = (r: BenchRow) =>
    `| ${r.bench.padEnd(w.bench)} | ${r.figure.padEnd(w.figure)} | ${r.value.padStart(w.value)} | ${(r.goal ?? '').padEnd(w.goal)} |`;
  console.log(line(header));
  console.log(
    `|${'-'.repeat(w.bench + 2)}|${'-'.repeat(w.figure + 2)}|${'-'.repeat(w.value + 1)}:|${'-'.repeat(w.goal + 2)}|`,
  );
  for (const r of rows) console.log(line(r));
}

/**
 * Prints a benchmark's figures and, under `npm run bench`, hands them to the runner (which sets
 * BENCH_ROWS_FILE) so every benchmark ends up in one table.
 */
export function report(rows: BenchRow[]): void {
  console.log('');
  printTable(rows);
  const file = process.env.BENCH_ROWS_FILE;
  if (file) for (const row of rows) appendFileSync(file, `${JSON.stringify(row)}\n`);
}

export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, node ${process.version}`;

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** `--name value` from the command line, else the fallback. */
export function argNumber(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
