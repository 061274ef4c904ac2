import { Messages, PersonBodyMessages, SsoMessages } from '@store/core';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  fillPath,
  type JsonSchema,
  type Method,
  type Route,
  routesOf,
  sample,
} from '../../test/support/api-robustness';
import {
  boundaryValues,
  type Constraint,
  constraintsOf,
  fitPatterns,
  fittingParams,
} from '../../test/support/document-constraints';
import { refusal } from '../../test/support/refusal';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * The API document says exactly what the server checks (decision 023): for every constraint it
 * states on a request (maxLength, minLength, pattern, maximum, minimum, enum, format, multipleOf,
 * exclusiveMinimum), a value just inside is never refused for that field, and one just outside always
 * is, with a 400 that names the field. The document itself decides what is inside (Ajv), so the test
 * follows the document wherever it changes.
 */

let t: TestApp;
let routes: Array<{ route: Route; operation: Parameters<typeof constraintsOf>[1] }>;
let token: string;
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addFormat('date', (s: string) => {
  const time = Date.parse(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(s);
});
ajv.addFormat('email', /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/);
ajv.addFormat('date-time', () => true);

/**
 * Refusals of a value for what it says of other rows, not for its form: a person body's personId
 * on creation (docs/design.md §2 "Person bodies"), an issuer whose provider does not answer its
 * discovery document (docs/decisions/036). The document cannot state those.
 */
const RELATIONS = new Set<string>([...Object.values(PersonBodyMessages), SsoMessages.discoveryFailed]);

/** Operators' routes do not exist for a customer; logging out would end the walk's session. */
const WALKED = (r: Route) => !r.path.startsWith('/api/ops/') && r.path !== '/api/person/logout';

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.client().get('/api/openapi.json')).body;
  routes = routesOf(doc)
    .filter(WALKED)
    .map((route) => ({ route, operation: doc.paths[route.path][route.method.toLowerCase()] }));
  token = (await t.loginDemo()).token!;
});
afterAll(() => t.close());

/** The draft-07 reading of an OpenAPI 3.0 schema (a boolean exclusiveMinimum qualifies minimum). */
function draft7(schema: JsonSchema): object {
  const copy: Record<string, unknown> = { ...schema };
  if (copy.exclusiveMinimum === true) {
    copy.exclusiveMinimum = copy.minimum;
    delete copy.minimum;
  }
  delete copy.nullable;
  return copy;
}

/** Ajv names a qualified minimum by the draft-07 keyword it became. */
const sameKeyword = (ajvKeyword: string, keyword: string) =>
  ajvKeyword === keyword || (keyword === 'minimum' && ajvKeyword === 'exclusiveMinimum');

const failingKeywords = (schema: JsonSchema, value: unknown): string[] => {
  const validate = ajv.compile(draft7(schema));
  return validate(value) ? [] : (validate.errors ?? []).map((e) => e.keyword);
};

function setAt(body: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

async function send(route: Route, c: Constraint, value: unknown) {
  const params = fittingParams(route);
  let query = '';
  let body = route.body ? fitPatterns(route.body, sample(route.body)) : undefined;
  if (c.in === 'path') params[c.name] = encodeURIComponent(String(value));
  else if (c.in === 'query') query = `?${new URLSearchParams({ [c.name]: String(value) })}`;
  else body = setAt(body, c.path, value);
  // A DELETE sends a body only where the document states one (Cancel Subscription's reason).
  const hasBody = route.method !== 'GET' && (route.method !== 'DELETE' || route.body !== undefined);
  const res = await t.app.inject({
    method: route.method as Method,
    url: `${fillPath(route, params)}${query}`,
    headers: {
      authorization: `Bearer ${token}`,
      cookie: 'XSRF-TOKEN=walk',
      'x-xsrf-token': 'walk',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    payload: hasBody ? JSON.stringify(body ?? {}) : undefined,
  });
  // Only refusals are read: a success may be other than JSON (the SAML metadata is XML).
  const answer = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
  const message = refusal(answer);
  // The spec's billing period message names its value, not the field (STANDALONE_MESSAGE).
  const namesField =
    message.startsWith(`${c.field}: `) || message === Messages.invalidBillingPeriod(value as number);
  return {
    status: res.statusCode,
    message,
    refusedHere: res.statusCode === 400 && namesField && !RELATIONS.has(String(answer?.message)),
  };
}

describe('every constraint the document states holds on the server, both ways', () => {
  test('just inside is never refused for that field; just outside always is', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { route, operation } of routes) {
      for (const c of constraintsOf(route, operation)) {
        const { inside, outside } = boundaryValues(c);
        const where = `${route.method} ${route.path} ${c.in} ${c.field} ${c.keyword}`;
        const isInside = inside.find((v) => failingKeywords(c.schema, v).length === 0);
        // Outside this constraint alone where a value can be; else outside it among others.
        const only = (v: unknown) => {
          const failing = failingKeywords(c.schema, v);
          return failing.length > 0 && failing.every((k) => sameKeyword(k, c.keyword));
        };
        const isOutside =
          outside.find(only) ??
          outside.find((v) => failingKeywords(c.schema, v).some((k) => sameKeyword(k, c.keyword)));
        if (isInside === undefined) problems.push(`${where}: no value just inside`);
        if (isOutside === undefined) problems.push(`${where}: no value just outside`);
        if (isInside !== undefined) {
          const res = await send(route, c, isInside);
          if (res.refusedHere || res.status >= 500)
            problems.push(
              `${where}: ${JSON.stringify(isInside).slice(0, 40)} inside → ${res.status} ${res.message}`,
            );
        }
        if (isOutside !== undefined) {
          const res = await send(route, c, isOutside);
          if (!res.refusedHere)
            problems.push(
              `${where}: ${JSON.stringify(isOutside).slice(0, 40)} outside → ${res.status} ${res.message}`,
            );
        }
        checked++;
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  }, 180_000);
});

describe('one rule for query strings', () => {
  test('a key a route does not declare is a 400 naming it, on every route', async () => {
    const problems: string[] = [];
    for (const { route } of routes) {
      // A DELETE sends a body only where the document states one (Cancel Subscription's reason).
      const hasBody = route.method !== 'GET' && (route.method !== 'DELETE' || route.body !== undefined);
      const res = await t.app.inject({
        method: route.method as Method,
        url: `${fillPath(route, fittingParams(route))}?unexpectedKey=1`,
        headers: {
          authorization: `Bearer ${token}`,
          cookie: 'XSRF-TOKEN=walk',
          'x-xsrf-token': 'walk',
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
        },
        payload: hasBody
          ? JSON.stringify(route.body ? fitPatterns(route.body, sample(route.body)) : {})
          : undefined,
      });
      if (res.statusCode !== 400 || res.json().message !== 'Unrecognized key: "unexpectedKey"')
        problems.push(`${route.method} ${route.path} → ${res.statusCode} ${res.json().message}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the known countries', () => {
  test('the enum the document states for a country is the list GET /api/misc/country-codes answers', async () => {
    const listed = (await t.client().get('/api/misc/country-codes')).body.map(
      (c: { code: string }) => c.code,
    );
    const billing = routes.find((r) => r.route.path === '/api/organization/billing_info')!.route.body!;
    expect([...(billing.properties!.country!.enum as string[])].sort()).toEqual([...listed].sort());
  });
});
