import type { FastifyInstance, HTTPMethods } from 'fastify';
import { HttpError } from '../lib/http-error';
import { MAX_PATH_PARAM_LENGTH } from './error-handler';
import { forOperators, type Requirement } from './route-security';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

export interface ApiRoutes {
  /** Declares the methods each address lacks, answering 405; call once every route is declared. */
  answerOtherMethods(): void;
  /** Whether `url` is an API address whose path parameter is longer than any may be (414). */
  hasOverlongParam(url: string): boolean;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((part) => (part.startsWith(':') ? '([^/]*)' : literal(part)))
      .join('/')}$`,
  );
const decodedLength = (segment: string) => {
  try {
    return decodeURIComponent(segment).length;
  } catch {
    return segment.length;
  }
};

/**
 * The API's addresses as the features declare them. A method an address does not have answers 405
 * with `Allow` (RFC 9110 §15.5.6), not the "No such endpoint" of an address that does not exist; a
 * path parameter too long for the router (which then tries no route) answers the 414 the document
 * promises, whatever route would have caught the address otherwise. The operator's addresses are
 * left out: they do not exist for anyone else.
 */
export function recordApiRoutes(app: FastifyInstance): ApiRoutes {
  const methodsByUrl = new Map<string, Set<string>>();
  const patterns: RegExp[] = [];
  app.addHook('onRoute', (route) => {
    // Undocumented addresses (the document itself, its viewer) keep the framework's answers.
    const schema = route.schema as { security?: Requirement[]; hide?: boolean } | undefined;
    if (!route.url.startsWith('/api/') || !schema || schema.hide) return;
    if (schema.security && forOperators(schema.security)) return;
    let methods = methodsByUrl.get(route.url);
    if (!methods) {
      methods = new Set<string>();
      methodsByUrl.set(route.url, methods);
      if (route.url.includes(':')) patterns.push(patternOf(route.url));
    }
    for (const method of ([] as string[]).concat(route.method)) methods.add(method);
  });
  return {
    answerOtherMethods() {
      for (const [url, declared] of [...methodsByUrl]) {
        const allowed = METHODS.filter((m) => declared.has(m) || (m === 'HEAD' && declared.has('GET')));
        const missing = METHODS.filter((m) => !allowed.includes(m));
        if (missing.length === 0) continue;
        const allow = allowed.join(', ');
        app.route({
          method: missing,
          url,
          schema: { hide: true },
          exposeHeadRoute: false,
          handler: async () => {
            throw new HttpError(
              405,
              `This address answers ${allow} only.`,
              'METHOD_NOT_ALLOWED',
              {},
              { allow },
            );
          },
        });
      }
    },
    hasOverlongParam(url) {
      const path = url.split('?')[0] ?? '';
      return patterns.some((pattern) =>
        (pattern.exec(path) ?? []).slice(1).some((param) => decodedLength(param) > MAX_PATH_PARAM_LENGTH),
      );
    },
  };
}
