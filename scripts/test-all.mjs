// `npm test`: every check and every suite, then one line of totals that CI reads.
// API tests run against PostgreSQL when DATABASE_URL is set, against PGlite otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit` runs only that step
const steps = [];
const started = Date.now();

const wanted = (name) => only.length === 0 || only.includes(name);

function run(name, cmd, args, env = {}) {
  if (!wanted(name)) return null;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const step = { name, ok: r.status === 0, seconds: (Date.now() - t0) / 1000, passed: 0, failed: 0 };
  steps.push(step);
  return step;
}

/** A step run beside others: its output is kept and printed whole when it ends, so steps do not interleave. */
function runQuietly(name, cmd, args) {
  if (!wanted(name)) return Promise.resolve(null);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      const step = { name, ok: status === 0, seconds: (Date.now() - t0) / 1000, passed: 0, failed: 0 };
      steps.push(step);
      resolve(step);
    });
  });
}

const counted = (step) => {
  if (step) {
    step.passed = step.ok ? 1 : 0;
    step.failed = step.ok ? 0 : 1;
  }
};

// The type check takes one core for most of a minute; the other checks and the build run beside it.
const typecheck = runQuietly('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
const others = (async () => {
  counted(await runQuietly('lint', 'npx', ['biome', 'check', '.']));
  // No import circles in the code (docs/ARCHITECTURE.md): type-only imports count too.
  counted(
    await runQuietly('import-circles', 'npx', [
      'dpdm',
      '--no-warning',
      '--no-tree',
      '--exit-code',
      'circular:1',
      'apps/server/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'packages/core/src/**/*.ts',
    ]),
  );
  // The server's modules are reached through their index.ts and none depend on each other in pairs
  // (docs/ARCHITECTURE.md, "Modules"); the lint rule refuses the imports, this also sees the graph.
  counted(await runQuietly('module-boundaries', 'node', ['scripts/module-graph.mjs', '--check']));
  // What the suites start is built once, before them: the unit tests' `npm start` and the browser
  // tests' setup would otherwise each check and rebuild the web app.
  counted(
    await runQuietly('build', 'node', [
      '--input-type=module',
      '-e',
      "const b = await import('./scripts/build-if-stale.mjs'); b.buildIfStale('apps/web'); b.buildIfStale('apps/server');",
    ]),
  );
})();
counted(await typecheck);
await others;

const dbEnv = process.env.DATABASE_URL ? { TEST_DATABASE_URL: process.env.DATABASE_URL } : {};
const unitArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${join(results, 'vitest.json')}`,
];
// The browser tests start their own demo servers (e2e/support/demo-server.ts): each on a database of
// its own on the PostgreSQL server DATABASE_URL names, or on an embedded database without it.
const e2eArgs = ['playwright', 'test', '-c', 'e2e/playwright.config.ts'];
const e2eEnv = { DATABASE_URL: '', E2E_DATABASE_URL: process.env.DATABASE_URL ?? '' };

// The unit and browser suites run in turn: side by side on two cores, the browsers' servers and the
// API tests' databases starved each other (a run took three times as long as the two in turn, and
// browser tests ran out of time).
const unit = run('unit', 'npx', unitArgs, dbEnv);
const e2e = run('e2e', 'npx', e2eArgs, e2eEnv);
// The names of what failed, repeated at the end: CI keeps only the tail of a long run's output.
const failures = [];
if (unit) {
  const file = join(results, 'vitest.json');
  if (existsSync(file)) {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    for (const f of j.testResults ?? []) {
      const failedTests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests)
        failures.push(
          `unit: ${f.name.replace(root, '')} › ${t.fullName}: ${(t.failureMessages?.[0] ?? '').split('\n')[0]}`,
        );
      if (f.status === 'failed' && failedTests.length === 0)
        failures.push(`unit: ${f.name.replace(root, '')} › ${f.message || 'the file failed'}`);
    }
    unit.passed = j.numPassedTests;
    unit.failed = j.numFailedTests + (unit.ok || j.numFailedTests > 0 ? 0 : 1);
  } else unit.failed = 1;
}
if (e2e) {
  const file = join(results, 'e2e.json');
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const s = report.stats;
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === 'unexpected') failures.push(`e2e: ${file ?? suite.file} › ${spec.title}`);
      for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
    };
    for (const suite of report.suites ?? []) walk(suite);
    e2e.passed = s.expected + s.flaky;
    e2e.failed = s.unexpected + (e2e.ok || s.unexpected > 0 ? 0 : 1);
  } else e2e.failed = 1;
}

console.log('\n=== summary');
for (const f of failures) console.log(`failed: ${f.split('\n')[0].slice(0, 300)}`);
for (const s of steps) {
  console.log(
    `${s.name.padEnd(10)} ${s.ok ? 'ok  ' : 'FAIL'} ${String(s.passed).padStart(5)} passed ${String(s.failed).padStart(4)} failed  ${s.seconds.toFixed(1)}s`,
  );
}
const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
