import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * The API document customers generate clients from passes Redocly's lint (the recommended rules and
 * the repository's redocly.yaml) with no error and no warning: every operation has an operationId, a
 * described tag and its 4xx answers; the document names its server, its license and its security schemes.
 */

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer?: string }>;
}
interface Parameter {
  in: string;
  name: string;
  schema?: { pattern?: string };
}
interface Document {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

const REDOCLY_CONFIG = fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url));
const REDOCLY_CLI = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

let t: TestApp;
let doc: Document;
let folder: string;
let file: string;
beforeAll(async () => {
  // The document as a deployment serves it: behind its public address, with Stripe's events route.
  t = await createTestApp({
    seed: false,
    env: { PUBLIC_URL: 'https://store.acme.test', STRIPE_WEBHOOK_SECRET: 'whsec_lint' },
  });
  const res = await t.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  folder = mkdtempSync(join(tmpdir(), 'api-document-'));
  file = join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

describe('the API document', () => {
  test("passes Redocly's lint with no error and no warning", () => {
    const run = spawnSync(
      process.execPath,
      [REDOCLY_CLI, 'lint', '--config', REDOCLY_CONFIG, '--format=json', file],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
      },
    );
    let report: { totals: { errors: number; warnings: number }; problems: Problem[] };
    try {
      report = JSON.parse(run.stdout);
    } catch {
      throw new Error(`Redocly gave no report (exit ${run.status}):\n${run.stderr}`);
    }
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} at ${p.location.map((l) => l.pointer).join(', ')}: ${p.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  // What Redocly's no-ambiguous-paths would say if it read the parameters' patterns (redocly.yaml
  // turns it off because it does not): no URL matches two paths, so a client and the server agree
  // on which operation a URL names.
  test('no URL matches two paths, given the path parameters’ patterns', () => {
    const patterns = new Map<string, RegExp>();
    for (const [path, operations] of Object.entries(doc.paths))
      for (const operation of Object.values(operations))
        for (const p of operation.parameters ?? [])
          if (p.in === 'path' && p.schema?.pattern)
            patterns.set(`${path} ${p.name}`, new RegExp(p.schema.pattern));
    const segment = (path: string, part: string) => {
      const name = /^\{(.+)\}$/.exec(part)?.[1];
      return name ? { pattern: patterns.get(`${path} ${name}`) ?? /^[^/]+$/ } : { literal: part };
    };
    const canMatch = (a: ReturnType<typeof segment>, b: ReturnType<typeof segment>) => {
      if (a.literal !== undefined && b.literal !== undefined) return a.literal === b.literal;
      if (a.literal !== undefined) return b.pattern!.test(a.literal);
      if (b.literal !== undefined) return a.pattern!.test(b.literal);
      return true;
    };
    const paths = Object.keys(doc.paths);
    const overlapping: string[] = [];
    for (const [i, a] of paths.entries())
      for (const b of paths.slice(i + 1)) {
        const as = a.split('/');
        const bs = b.split('/');
        if (as.length !== bs.length) continue;
        if (as.every((part, k) => canMatch(segment(a, part), segment(b, bs[k]!))))
          overlapping.push(`${a} and ${b}`);
      }
    expect(overlapping).toEqual([]);
  });
});
