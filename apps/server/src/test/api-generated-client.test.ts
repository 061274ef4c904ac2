import { mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * A customer's CI, as it would be written against the API document: TypeScript types generated from
 * the document the server serves (openapi-typescript), a script that type-checks against them, and
 * openapi-fetch calling the running server with an organization API token (docs/decisions/026). A
 * document a generator cannot read, or one that types a call differently from how the server
 * answers it, fails here.
 */

/** The customer's script: every path, parameter, body and answer it touches is typed by the generated `paths`. */
const PIPELINE = `
import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function pipeline(baseUrl: string, token: string, now: string) {
  const store = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${token}\` } });

  const subscriptions = await store.GET('/api/subscription/all');
  if (subscriptions.error) throw new Error(subscriptions.error.message);
  const flex = subscriptions.data.find((s) => s.description === 'Flex Reporting');
  if (!flex) throw new Error('No subscription named Flex Reporting');

  const machines = await store.GET('/api/subscription/{id}/machines', {
    params: { path: { id: String(flex.subscriptionId) } },
  });
  if (machines.error) throw new Error(machines.error.message);
  const engines: string[] = machines.data.machines.filter((m) => m.kind === 'engine').map((m) => m.hostname);

  const usage = await store.POST('/api/licensing/usage', {
    body: {
      licenseKey: flex.apiKey1,
      reports: [{ transactionId: 'ci-run-1', hostname: 'build-agent-1', pages: 120, time: now }],
    },
  });
  if (usage.error) throw new Error(usage.error.message);

  const bills = await store.GET('/api/order/history');
  if (bills.error) throw new Error(bills.error.message);
  const billed: number = bills.data.reduce((sum, bill) => sum + bill.total, 0);

  const refused = await store.GET('/api/person/all');
  return {
    subscriptions: subscriptions.data.map((s) => s.description),
    engines,
    seats: machines.data.engines,
    usage: usage.data,
    bills: bills.data.map((b) => b.orderId),
    billed,
    refused: { status: refused.response.status, message: refused.error?.message },
  };
}
`;

interface PipelineResult {
  subscriptions: string[];
  engines: string[];
  seats: { used: number; limit: number | null };
  usage: { accepted: number; duplicates: number; pages: number };
  bills: number[];
  billed: number;
  refused: { status: number; message?: string };
}

const NODE_MODULES = fileURLToPath(new URL('../../../../node_modules', import.meta.url));

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginDemo']>>;
let baseUrl: string;
let token: string;
let folder: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginDemo();
  const made = await admin.post('/api/organization/api-tokens', {
    name: 'CI pipeline',
    scopes: ['subscriptions:read', 'licensing', 'billing:read'],
    expiresInDays: 90,
  });
  expect(made.status).toBe(201);
  token = made.body.token;
  // The build agent is an engine activated against the key, as engines activate themselves.
  const flex = (await admin.get('/api/subscription/all')).body.find(
    (s: { description: string }) => s.description === 'Flex Reporting',
  );
  const activated = await t.app.inject({
    method: 'POST',
    url: '/api/licensing/activate',
    payload: { licenseKey: flex.apiKey1, kind: 'engine', hostname: 'build-agent-1' },
  });
  expect(activated.statusCode).toBe(201);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The customer's project: its own folder, with the packages it installed.
  folder = mkdtempSync(join(tmpdir(), 'api-client-'));
  symlinkSync(NODE_MODULES, join(folder, 'node_modules'), 'dir');
});
afterAll(async () => {
  if (folder) {
    unlinkSync(join(folder, 'node_modules'));
    rmSync(folder, { recursive: true, force: true });
  }
  await t.close();
});

describe('a client generated from the API document', () => {
  test('types a CI script that lists subscriptions, reads machines, reports usage and reads bills with an API token', async () => {
    const document = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    writeFileSync(join(folder, 'api.ts'), astToString(await openapiTS(document)));
    writeFileSync(join(folder, 'pipeline.ts'), PIPELINE);

    const program = ts.createProgram([join(folder, 'pipeline.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);

    const script = join(folder, 'pipeline.mjs');
    writeFileSync(
      script,
      ts.transpileModule(PIPELINE, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText,
    );
    const { pipeline } = (await import(/* @vite-ignore */ pathToFileURL(script).href)) as {
      pipeline: (baseUrl: string, token: string, now: string) => Promise<PipelineResult>;
    };
    const result = await pipeline(baseUrl, token, t.clock.now().toISOString());

    const asAdmin = {
      subscriptions: (await admin.get('/api/subscription/all')).body as Array<{ description: string }>,
      bills: (await admin.get('/api/order/history')).body as Array<{ orderId: number; total: number }>,
    };
    expect(result.subscriptions).toEqual(asAdmin.subscriptions.map((s) => s.description));
    expect(result.subscriptions).toContain('Flex Reporting');
    expect(result.engines).toEqual(['build-agent-1']);
    expect(result.seats).toEqual({ used: 1, limit: null });
    expect(result.usage).toEqual({ accepted: 1, duplicates: 0, pages: 120 });
    expect(result.bills.length).toBeGreaterThan(0);
    expect(result.bills).toEqual(asAdmin.bills.map((b) => b.orderId));
    expect(result.billed).toBe(asAdmin.bills.reduce((sum, b) => sum + b.total, 0));
    // The token reaches only what its scopes name: the users need users:read.
    expect(result.refused).toEqual({
      status: 403,
      message: expect.stringContaining('users:read'),
    });
  });
});
