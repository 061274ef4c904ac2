// `node scripts/module-graph.mjs`: the server's module dependency graph, the modules that depend on
// each other, and how many imports break the boundaries docs/ARCHITECTURE.md draws. `--check` exits
// with 1 when any boundary is broken (scripts/test-all.mjs runs it so).
//
// A module is a folder apps/server/src/modules/<m>/; it is reached from outside only through its
// index.ts. The platform (plugins/, lib/, gateway/, mail/, config.ts, app-deps.ts) imports no module;
// no module imports the demo seed; the operator CLI writes no table (it imports no db/schema).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'apps/server/src');
const modulesDir = join(src, 'modules');

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

const importRe =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const specs = [];
  for (const m of text.matchAll(importRe)) specs.push(m[1] ?? m[2]);
  return specs.filter((s) => s.startsWith('.')).map((s) => resolve(dirname(file), s));
}

const rel = (p) => relative(src, p);
const moduleOf = (p) => {
  const r = relative(modulesDir, p);
  return r.startsWith('..') ? null : r.split('/')[0];
};
const isTest = (f) => /\.test\.ts$|\.test-support\.ts$|\.fixtures\.ts$|\/test\//.test(f);
// Where SQL is written: Drizzle's query builder or a raw sql`` template.
const sqlRe =
  /\b(?:db|tx|trx|database)\s*\.\s*(?:select|insert|update|delete|execute|query)\b|\bsql`|\bsql\.raw\(/;

const files = walk(src);
const modules = readdirSync(modulesDir).filter((n) => statSync(join(modulesDir, n)).isDirectory());
const edges = new Map(modules.map((m) => [m, new Set()]));
const internal = [];
const intoRepository = [];
// Tests and fixtures beside a module are counted apart: they are not part of the running product.
const internalInTests = [];
const intoRepositoryInTests = [];
const platformToModule = [];
const moduleToSeed = [];
const cliToSchema = [];
const cliWrites = [];
const sqlOutsideRepositories = [];

for (const file of files) {
  const from = moduleOf(file);
  const r = rel(file);
  if (
    /^cli\//.test(r) &&
    !isTest(r) &&
    /\.(?:insert|update|delete)\(\s*[a-z]\w*\s*\)/.test(readFileSync(file, 'utf8'))
  )
    cliWrites.push(r);
  if (from && !isTest(r) && !/\.repository\.ts$/.test(r) && sqlRe.test(readFileSync(file, 'utf8')))
    sqlOutsideRepositories.push(r);
  for (const target of importsOf(file)) {
    const to = moduleOf(target);
    const t = rel(target);
    if (from && to && from !== to) {
      if (!isTest(r)) edges.get(from).add(to);
      const entry = /^modules\/[^/]+(\/index(\.ts)?)?$/.test(t);
      if (!entry) (isTest(r) ? internalInTests : internal).push(`${r} -> ${t}`);
      if (/\.repository$/.test(t)) (isTest(r) ? intoRepositoryInTests : intoRepository).push(`${r} -> ${t}`);
    }
    if (to && /^(plugins|lib|gateway|mail|db)\/|^(config|app-deps|paths)\.ts$/.test(r) && !isTest(r))
      platformToModule.push(`${r} -> ${t}`);
    if (from && !isTest(r) && /^seed(\/|$)/.test(t)) moduleToSeed.push(`${r} -> ${t}`);
    if (/^cli\//.test(r) && !isTest(r) && /^db\/schema/.test(t)) cliToSchema.push(`${r} -> ${t}`);
  }
}

// A public entry that hands out a repository's functions lets other modules write the owner's tables.
const repositoryExports = [];
for (const m of modules) {
  const index = join(modulesDir, m, 'index.ts');
  if (!existsSync(index)) continue;
  for (const x of readFileSync(index, 'utf8').matchAll(
    /export\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'\.\/([^']+\.repository)'/g,
  ))
    for (const name of x[1]
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type ')))
      repositoryExports.push(`${m}: ${name} (${x[2]})`);
}

const pairs = [];
for (const [a, tos] of edges)
  for (const b of tos) if (a < b && edges.get(b).has(a)) pairs.push(`${a} <-> ${b}`);

const verbose = process.argv.includes('--verbose');
const check = process.argv.includes('--check');
const list = (title, items) => {
  console.log(`${title}: ${items.length}`);
  if (verbose || check) for (const i of items) console.log(`  ${i}`);
};

if (!check) {
  console.log('module dependencies (production code; tests and fixtures left out):');
  for (const [m, tos] of [...edges].sort())
    console.log(`  ${m} -> ${[...tos].sort().join(', ') || '(none)'}`);
}
list('mutual pairs', pairs);
list('imports of another module other than its index.ts', internal);
list('  the same in tests and fixtures', internalInTests);
list("imports of another module's repository", intoRepository);
list('  the same in tests and fixtures', intoRepositoryInTests);
list("repository functions handed out by a module's index.ts", repositoryExports);
list('platform imports of a module', platformToModule);
list('module imports of the demo seed', moduleToSeed);
list('operator CLI imports of db/schema (reads)', cliToSchema);
list('operator CLI files writing a table', cliWrites);
if (!check) list('module files outside repositories with SQL', sqlOutsideRepositories);

if (check) {
  const broken =
    pairs.length +
    internal.length +
    repositoryExports.length +
    platformToModule.length +
    moduleToSeed.length +
    cliWrites.length;
  if (broken > 0) {
    console.error(`\n${broken} module boundary violation(s): see docs/ARCHITECTURE.md, "Modules".`);
    process.exit(1);
  }
}
