import { ErrorCodes, Messages, PersonSchema } from '@store/core';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  sampleOrganization as organization,
  samplePerson as person,
} from '../../../../packages/core/test/support/samples';
import { clearCurrentUser, getCurrentUser, setCurrentUser } from './current-user';
import { del, errorCodeOf, get, getBlob, HttpError, post } from './http';
import { registerNavigator } from './navigation';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();

function respond(status: number, body: string, init: ResponseInit = {}) {
  fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : body, { status, ...init }));
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  registerNavigator(navigate);
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the client reads document.cookie.
  document.cookie = 'XSRF-TOKEN=xsrf%20value; path=/';
});

// The test files of a worker share their globals (vitest.config.ts): the next file gets its own fetch.
afterAll(() => vi.unstubAllGlobals());

afterEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  clearCurrentUser();
  vi.unstubAllGlobals();
});

describe('request headers (spec §7)', () => {
  it('sends the bearer token when signed in, and no XSRF header on GET', async () => {
    setCurrentUser({ token: 'tok', person, organization });
    respond(200, '[]');
    await get('api/subscription/all');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/subscription/all');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it.each([
    ['POST', () => post('/api/x', { a: 1 })],
    ['DELETE', () => del('/api/x')],
  ])('echoes the XSRF cookie on %s and adds extra headers', async (_method, call) => {
    respond(200, '{}');
    await call();
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('X-XSRF-TOKEN')).toBe('xsrf value');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('passes per-call headers', async () => {
    respond(200, '{}');
    await post('/api/subscription/new', [], {
      headers: { 'Idempotency-Key': 'k1', 'X-Expected-Total': '1200' },
    });
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('Idempotency-Key')).toBe('k1');
    expect(headers.get('X-Expected-Total')).toBe('1200');
  });
});

describe('error messages (spec §8)', () => {
  it.each([
    ['the body message', '{"message":"Nope","code":"X"}', 'Nope'],
    ['a text body as is', 'plain failure', 'plain failure'],
    ['any other body stringified', '{"detail":"x"}', '{"detail":"x"}'],
    ['the default without a body', '', Messages.httpFailure('/api/x', 500, 'Internal Server Error')],
  ])('uses %s', async (_case, body, message) => {
    respond(500, body, { statusText: 'Internal Server Error' });
    const error = await failure(get('/api/x'));
    expect(error.status).toBe(500);
    expect(error.message).toBe(message);
  });

  it('reads blob error bodies as text', async () => {
    respond(404, '{"message":"No such invoice"}', { statusText: 'Not Found' });
    const error = await failure(getBlob('/api/order/invoice/9'));
    expect(error.message).toBe('No such invoice');
  });

  it('turns an unparsable JSON success into an error', async () => {
    respond(200, '<html>oops</html>', { statusText: 'OK' });
    const error = await failure(get('/api/x'));
    expect(error.message).toBe(Messages.httpFailure('/api/x', 200, 'OK'));
    expect(error.body).toBe('<html>oops</html>');
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(get('/api/x'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(Messages.httpFailure('/api/x', 0, 'Unknown Error'));
  });

  it('treats 204 as success with no body', async () => {
    respond(204, '');
    await expect(del('/api/x')).resolves.toBeNull();
  });
});

describe('schemas', () => {
  it('validates and strips unknown fields', async () => {
    respond(200, JSON.stringify({ ...person, password: 'secret' }));
    const result = await get('/api/person/current', { schema: PersonSchema });
    expect(result).toEqual(person);
  });

  it('rejects a response of the wrong shape', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, '{"personId":"seven"}');
    const error = await failure(get('/api/person/current', { schema: PersonSchema }));
    expect(error.message).toBe('Unexpected response from /api/person/current');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('401 (spec §8)', () => {
  it('logs out and goes to login, remembering the page', async () => {
    setCurrentUser({ token: 'tok', person, organization });
    window.history.pushState({}, '', '/BillingHistory?x=1');
    respond(401, '{"message":"Your session has ended."}', { statusText: 'Unauthorized' });
    const error = await failure(get('/api/order/history'));
    expect(error.status).toBe(401);
    expect(getCurrentUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?returnUrl=%2FBillingHistory%3Fx%3D1', { replace: true });
  });

  it('leaves a newer session alone when an old request comes back 401', async () => {
    setCurrentUser({ token: 'old', person, organization });
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (resolve = r)));
    const pending = get('/api/x');
    setCurrentUser({ token: 'new', person, organization });
    resolve(new Response('', { status: 401 }));
    await failure(pending);
    expect(getCurrentUser()?.token).toBe('new');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('errorCodeOf', () => {
  it('reads the code of the error shape, and nothing else', () => {
    expect(errorCodeOf({ message: 'Busy', code: ErrorCodes.PURCHASE_IN_PROGRESS })).toBe(
      'PURCHASE_IN_PROGRESS',
    );
    expect(errorCodeOf({ message: 'Odd', code: 'NOT_A_CODE' })).toBeNull();
    expect(errorCodeOf('plain text')).toBeNull();
  });
});
