import { ErrorCode } from '@store/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  fillPath,
  type Method,
  type Route,
  requiresToken,
  requiresXsrf,
  routesOf,
} from '../../test/support/api-robustness';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../seed/organizations';

/**
 * The API document is complete (docs/design.md §4): every route declares its security, its answers
 * (success and `{ message, code }` errors) and the headers it reads; and the server checks a
 * request in the declared order: 401, then 403 XSRF, then 400, then rights and ownership.
 */

interface Response_ {
  description?: string;
  content?: Record<string, { schema?: { properties?: Record<string, { enum?: unknown[] }> } }>;
}
interface Operation {
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses?: Record<string, Response_>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
  security?: unknown;
}

let t: TestApp;
let doc: Document;
let routes: Route[];
/** The operator's routes do not exist for customers (404): modules/operator-console/ops-gate.test.ts covers them. */
const forCustomers = (r: Route) => !r.path.startsWith('/api/ops/');
let janeToken: string;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.client().get('/api/openapi.json')).body;
  routes = routesOf(doc as Parameters<typeof routesOf>[0]);
  janeToken = (await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD)).token!;
});
afterAll(() => t.close());

const operations = () =>
  routes.map((r) => ({
    route: r,
    op: doc.paths[r.path]![r.method.toLowerCase()]!,
    name: `${r.method} ${r.path}`,
  }));

describe('the OpenAPI document', () => {
  test('names the Authorization and X-XSRF-TOKEN headers as security schemes, with no document-wide default', () => {
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components?.securitySchemes?.xsrf).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-XSRF-TOKEN',
    });
    expect(doc.security).toBeUndefined();
  });

  test('every route declares its security; browser mutations require the XSRF echo, engines do not', () => {
    const problems: string[] = [];
    for (const { route, op, name } of operations()) {
      if (!Array.isArray(op.security)) problems.push(`${name}: no security declared`);
      const engine = route.path.startsWith('/api/licensing/');
      if (engine && op.security?.length !== 0) problems.push(`${name}: an engine route must be security: []`);
      if (!engine && route.method !== 'GET' && !requiresXsrf(route))
        problems.push(`${name}: no XSRF requirement`);
    }
    expect(problems).toEqual([]);
  });

  test('every route declares a success answer with its media type', () => {
    const problems: string[] = [];
    for (const { op, name } of operations()) {
      const success = Object.entries(op.responses ?? {}).filter(([status]) => status.startsWith('2'));
      if (success.length === 0) problems.push(`${name}: no success answer`);
      for (const [status, response] of success) {
        const types = Object.keys(response.content ?? {});
        if (types.length === 0) problems.push(`${name} ${status}: no media type`);
        for (const type of types)
          if (!response.content![type]!.schema) problems.push(`${name} ${status} ${type}: no schema`);
      }
    }
    expect(problems).toEqual([]);
    const invoice = doc.paths['/api/order/invoice/{orderId}']!.get!.responses!['200']!;
    expect(Object.keys(invoice.content ?? {})).toEqual(['application/pdf']);
    const license = doc.paths['/api/subscription/{id}/offline-license']!.get!.responses!['200']!;
    expect(Object.keys(license.content ?? {})).toEqual(['text/plain']);
  });

  test('every error status a route can give is declared as { message, code } with the closed set of codes', () => {
    const problems: string[] = [];
    for (const { route, op, name } of operations()) {
      const expected = new Set<string>(['500']);
      if (route.params.length > 0 || route.body || route.method !== 'GET') expected.add('400');
      if (requiresToken(route)) expected.add('401');
      if (requiresXsrf(route)) expected.add('403');
      if (route.params.some((p) => /id$/i.test(p.name)) && requiresToken(route)) expected.add('404');
      for (const status of expected)
        if (!op.responses?.[status]) problems.push(`${name}: ${status} not declared`);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400) continue;
        const properties = response.content?.['application/json']?.schema?.properties;
        if (!properties?.message || !properties.code)
          problems.push(`${name} ${status}: not { message, code }`);
        else if (JSON.stringify(properties.code.enum) !== JSON.stringify(ErrorCode.options))
          problems.push(`${name} ${status}: code is not the closed set of error codes`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('the purchase declares the headers it reads', () => {
    const purchase = doc.paths['/api/subscription/new']!.post!;
    const headers = (purchase.parameters ?? [])
      .filter((p) => p.in === 'header')
      .map((p) => p.name.toLowerCase());
    expect(headers).toEqual(expect.arrayContaining(['idempotency-key', 'x-expected-total']));
  });
});

/** A request as a stranger, a forger or a plain user would make it. */
async function call(
  route: Route,
  opts: { token?: string; xsrf: boolean; badInput: boolean },
): Promise<{ status: number; code?: string }> {
  const badParam = route.params.length > 0 && opts.badInput;
  const url = fillPath(route, badParam ? Object.fromEntries(route.params.map((p) => [p.name, '0x1'])) : {});
  const headers: Record<string, string> = {};
  if (opts.xsrf) {
    headers.cookie = 'XSRF-TOKEN=order-check';
    headers['x-xsrf-token'] = 'order-check';
  }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  if (hasBody) headers['content-type'] = 'application/json';
  // A body no schema of this API accepts: a bare string.
  const payload = hasBody ? (route.body && opts.badInput ? '"not the expected body"' : '{}') : undefined;
  const res = await t.app.inject({ method: route.method as Method, url, headers, payload });
  // A document the API serves as a file (the SAML metadata) has no error code to read.
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, code: json ? res.json()?.code : undefined };
}

describe('the order of checks on every signed-in route, from its declaration', () => {
  test('401 without a token, before XSRF and before the body is looked at', async () => {
    const problems: string[] = [];
    for (const route of routes.filter(requiresToken)) {
      const res = await call(route, { xsrf: false, badInput: true });
      if (res.status !== 401 || res.code !== 'UNAUTHORIZED')
        problems.push(`${route.method} ${route.path} → ${res.status}`);
      const stale = await call(route, { token: 'stale-token', xsrf: false, badInput: true });
      if (stale.status !== 401)
        problems.push(`${route.method} ${route.path} with a stale token → ${stale.status}`);
    }
    expect(problems).toEqual([]);
  });

  test('then 403 without the XSRF echo, before the body is looked at', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => forCustomers(r) && requiresToken(r) && requiresXsrf(r))) {
      const res = await call(route, { token: janeToken, xsrf: false, badInput: true });
      if (res.status !== 403 || res.code !== 'XSRF')
        problems.push(`${route.method} ${route.path} → ${res.status} ${res.code}`);
    }
    expect(problems).toEqual([]);
  });

  test('then 400 for a bad body or path id, before rights and ownership (a plain user asks)', async () => {
    const problems: string[] = [];
    for (const route of routes.filter(
      (r) => forCustomers(r) && requiresToken(r) && (r.body || r.params.length > 0),
    )) {
      const res = await call(route, { token: janeToken, xsrf: true, badInput: true });
      if (res.status !== 400 || res.code !== 'VALIDATION')
        problems.push(`${route.method} ${route.path} → ${res.status} ${res.code}`);
    }
    expect(problems).toEqual([]);
  });

  test('public routes never answer 401, whatever token is sent', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => !requiresToken(r))) {
      const res = await call(route, { token: 'stale-token', xsrf: true, badInput: false });
      if (res.status === 401) problems.push(`${route.method} ${route.path} → 401`);
    }
    expect(problems).toEqual([]);
  });
});
