import { ErrorBodySchema, type ErrorCode, Messages } from '@store/core';
import type { z } from 'zod/mini';
import { readCookie } from './cookies';
import { clearCurrentUser, getCurrentUser } from './current-user';
import { loginPathFor, navigateTo } from './navigation';

// The one HTTP client of the web app (spec §7 and §8, docs/design.md §4). Every call to /api goes
// through here so the bearer token, the XSRF header and the error handling are the same everywhere.

export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** The error answer's code (one of core's closed set), or null when the body is not the error shape. */
export function errorCodeOf(body: unknown): ErrorCode | null {
  const parsed = ErrorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.code : null;
}

export interface RequestOptions<T> {
  /** Validates (and types) the response body with a schema from @store/core. */
  schema?: z.ZodMiniType<T>;
  /** Extra headers for this call, e.g. Idempotency-Key or X-Expected-Total. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

const MUTATING: ReadonlySet<Method> = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** The spec writes some paths without the leading slash ('api/product/...'); both mean the same. */
function normalizeUrl(url: string): string {
  return /^(https?:)?\//.test(url) ? url : `/${url}`;
}

/** Spec §8: the body's `message` if present, a text body as is, any other body stringified. */
export function errorMessageFrom(body: unknown, fallback: string): string {
  if (body === null || body === undefined || body === '') return fallback;
  if (typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message !== '') return message;
  }
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body);
  } catch {
    return fallback;
  }
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Spec §8 and docs/design.md §4: any 401 logs out, but only the session that made the call. */
function handleUnauthorized(tokenUsed: string | undefined): void {
  const current = getCurrentUser();
  if (!current || current.token !== tokenUsed) return;
  clearCurrentUser();
  const here = window.location.pathname + window.location.search;
  navigateTo(window.location.pathname.toLowerCase() === '/login' ? '/login' : loginPathFor(here), {
    replace: true,
  });
}

async function send(
  method: Method,
  rawUrl: string,
  body: unknown,
  options: RequestOptions<unknown> & { accept?: string },
): Promise<Response> {
  const url = normalizeUrl(rawUrl);
  const headers = new Headers({ Accept: options.accept ?? 'application/json' });
  const token = getCurrentUser()?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (MUTATING.has(method)) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  }
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // No answer at all: the browser reports status 0, as Angular's HttpClient did.
    throw new HttpError(0, Messages.httpFailure(url, 0, 'Unknown Error'), null);
  }

  // Spec §8: status 0 with a body counts as 200 (some file:// and proxy answers), 1223 as 204 (old IE).
  let status = response.status;
  if (status === 1223) status = 204;
  const ok = (status >= 200 && status < 300) || status === 0;
  if (ok) return response;

  // Error bodies are read as text whatever the expected type, so a blob error still yields its message.
  const errorBody = parseBody(await response.text().catch(() => ''));
  if (status === 401) handleUnauthorized(token);
  throw new HttpError(
    status,
    errorMessageFrom(errorBody, Messages.httpFailure(url, status, response.statusText)),
    errorBody,
  );
}

async function json<T>(
  method: Method,
  url: string,
  body: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  const response = await send(method, url, body, options as RequestOptions<unknown>);
  const text = await response.text();
  if (response.status === 0 && text === '') {
    throw new HttpError(0, Messages.httpFailure(normalizeUrl(url), 0, 'Unknown Error'), null);
  }
  let data: unknown = null;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      // Spec §8: a success whose JSON cannot be parsed is an error, not a silent undefined.
      throw new HttpError(
        response.status || 200,
        Messages.httpFailure(normalizeUrl(url), response.status || 200, response.statusText || 'OK'),
        text,
      );
    }
  }
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected response from ${normalizeUrl(url)}`, parsed.error.issues);
    throw new HttpError(response.status || 200, `Unexpected response from ${normalizeUrl(url)}`, data);
  }
  return parsed.data;
}

export function get<T = unknown>(url: string, options?: RequestOptions<T>): Promise<T> {
  return json('GET', url, undefined, options);
}

export function post<T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>): Promise<T> {
  return json('POST', url, body ?? {}, options);
}

export function put<T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>): Promise<T> {
  return json('PUT', url, body ?? {}, options);
}

export function patch<T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>): Promise<T> {
  return json('PATCH', url, body ?? {}, options);
}

/** DELETE; a body only where the call states one (Cancel Subscription's optional reason). */
export function del<T = unknown>(url: string, options?: RequestOptions<T>, body?: unknown): Promise<T> {
  return json('DELETE', url, body, options);
}

/** Binary downloads such as invoice PDFs (spec §7: Accept application/pdf). */
export async function getBlob(
  url: string,
  options: Omit<RequestOptions<Blob>, 'schema'> & { accept?: string } = {},
): Promise<Blob> {
  const response = await send('GET', url, undefined, { ...options, accept: options.accept ?? '*/*' });
  return response.blob();
}
