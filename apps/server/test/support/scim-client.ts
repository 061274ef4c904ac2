import { SCIM_MEDIA_TYPE, ScimSchemas } from '@store/core';
import { beforeAll, expect } from 'vitest';
import { type DemoAdmin, demoAdminSuite } from './demo-admin-suite';
import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ScimAnswer {
  status: number;
  /** The answer's media type, without parameters. */
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the protocol answered
  body: any;
  headers: Record<string, unknown>;
}

/** An organization API token made by a signed-in admin (the demo's, by default) with these scopes. */
export async function makeScimToken(
  admin: DemoAdmin,
  scopes: string[] = ['scim'],
  name = 'Identity provider',
): Promise<string> {
  const res = await admin.post('/api/organization/api-tokens', { name, scopes, expiresInDays: null });
  if (res.status !== 201) throw new Error(`token not made: ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/**
 * A SCIM client as an identity provider is one: the token as a bearer, no cookie, bodies sent as
 * application/scim+json unless the test names another type.
 */
export function scimClient(t: Pick<TestApp, 'app'>, token: string | null) {
  const request = async (
    method: Method,
    path: string,
    body?: unknown,
    contentType = SCIM_MEDIA_TYPE,
  ): Promise<ScimAnswer> => {
    const res = await t.app.inject({
      method,
      url: path.startsWith('/scim/') ? path : `/scim/v2${path}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': contentType } : {}),
        accept: SCIM_MEDIA_TYPE,
      },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      json = null;
    }
    const type =
      String(res.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    return { status: res.statusCode, type, body: json, headers: res.headers };
  };
  return {
    get: (path: string) => request('GET', path),
    post: (path: string, body: unknown, contentType?: string) => request('POST', path, body, contentType),
    put: (path: string, body: unknown) => request('PUT', path, body),
    patch: (path: string, body: unknown) => request('PATCH', path, body),
    delete: (path: string) => request('DELETE', path),
  };
}

export type ScimClient = ReturnType<typeof scimClient>;

/** A SCIM suite: the demo admin's suite (demoAdminSuite), with a SCIM client holding a token the admin made. */
export function scimSuite() {
  const suite = demoAdminSuite() as ReturnType<typeof demoAdminSuite> & { scim: ScimClient };
  beforeAll(async () => {
    suite.scim = scimClient(suite.t, await makeScimToken(suite.admin));
  });
  return suite;
}

/** A SCIM error answer: its status, the Error schema, the status as a string, scimType when named. */
export function expectScimError(res: ScimAnswer, status: number, scimType?: string) {
  expect(res.status).toBe(status);
  expect(res.type).toBe(SCIM_MEDIA_TYPE);
  expect(res.body).toMatchObject({ schemas: [ScimSchemas.error], status: String(status) });
  expect(typeof res.body.detail).toBe('string');
  if (scimType) expect(res.body.scimType).toBe(scimType);
  else expect(res.body.scimType).toBeUndefined();
}

/** A User as a provider creates one: Ada Lovelace at the address given, active. */
export const scimUserBody = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [ScimSchemas.user],
  userName,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  ...extra,
});
