import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendUnmatchedApi } from './error-handler';

/** Vite names every file under assets/ by a hash of its content: a new build means new names. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is revalidated on each visit, so a deployment shows at once. */
const REVALIDATED = 'no-cache';

/**
 * The built web app on the API's port (docs/design.md §1). Files are served as the build pre-compressed
 * them (brotli or gzip, whichever the browser accepts), hashed assets cached for a year.
 */
/** Paths the server answers itself, when it does (Prometheus' scrape). */
const SERVER_ONLY = new Set(['/metrics']);

/** An address's group as the screen reads it: decoded by its router, encoded again for its call. */
function asTheScreenReadsIt(group: string): string | null {
  try {
    return encodeURIComponent(decodeURIComponent(group));
  } catch {
    return null;
  }
}

/**
 * index.html for an address, with the `<link>`s that fetch the first screen's chunks and API reads
 * beside the entry when the build names that screen (`first-screens.json`, apps/web/vite.config.ts);
 * null for the plain file. `$1` in those links is the address's first group (a product's name).
 */
function firstScreenPages(webDist: string): (path: string) => string | null {
  const listed = join(webDist, 'first-screens.json');
  if (!existsSync(listed)) return () => null;
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const screens = (JSON.parse(readFileSync(listed, 'utf8')) as { path: string; head: string }[]).map(
    ({ path, head }) => ({ path: new RegExp(path, 'i'), page: html.replace('</head>', `${head}</head>`) }),
  );
  return (path) => {
    for (const screen of screens) {
      const match = screen.path.exec(path);
      if (!match) continue;
      if (!screen.page.includes('$1')) return screen.page;
      // A malformed address gets the plain page: the screen says what it says of it.
      const group = asTheScreenReadsIt(match[1] ?? '');
      return group === null ? null : screen.page.replaceAll('$1', group);
    }
    return null;
  };
}

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  hasOverlongParam: (url: string) => boolean,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes(`${sep}assets${sep}`) ? HASHED_ASSET_CACHE : REVALIDATED);
    },
  });
  const firstScreenPage = firstScreenPages(webDist);
  // Every non-API path is a screen of the SPA; its router decides what to show. A catch-all GET
  // route (files and API routes are more specific and win), because the error handler already
  // owns the root's not-found handler and Fastify allows only one.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // The server's own paths are never screens: /metrics without METRICS_TOKEN does not exist (404),
    // not the SPA's page a scraper would read as a broken exporter.
    if (request.url.startsWith('/api/') || SERVER_ONLY.has(request.url.split('?')[0]!))
      return sendUnmatchedApi(request, reply, hasOverlongParam);
    const page = firstScreenPage(request.url.split('?')[0]!);
    if (page) return reply.header('cache-control', REVALIDATED).type('text/html; charset=utf-8').send(page);
    return reply.sendFile('index.html');
  });
}
