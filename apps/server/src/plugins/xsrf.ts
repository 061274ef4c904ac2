import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';
import { randomToken } from '../lib/tokens';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Engines call these with their license key, not from a browser: no cookie to echo. */
const EXEMPT_PREFIXES = ['/api/licensing/'];

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Double-submit cookie (DESIGN.md §4): the SPA echoes the cookie in a header on every mutation. */
export function registerXsrf(app: FastifyInstance, opts: { secureCookies: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), {
        path: '/',
        sameSite: 'strict',
        secure: opts.secureCookies,
        httpOnly: false,
      });
    }
    if (!MUTATING.has(request.method) || !request.url.startsWith('/api/')) return;
    if (EXEMPT_PREFIXES.some((p) => request.url.startsWith(p))) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw new HttpError(
        403,
        'The request is missing its XSRF token. Reload the page and try again.',
        'XSRF',
      );
    }
  });
}
