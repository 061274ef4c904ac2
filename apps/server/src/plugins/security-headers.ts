import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { ENGINE_CALLS } from './route-security';

// Stripe.js is the only third-party code the SPA loads (card fields in its own frames).
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://js.stripe.com'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https://api.stripe.com'],
    frameSrc: ["'self'", 'blob:', 'data:', 'https://js.stripe.com', 'https://hooks.stripe.com'],
    objectSrc: ["'self'", 'blob:', 'data:'],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

// Powerful browser features the store never uses are switched off for it and every frame it embeds;
// payment stays open to Stripe's frames.
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), payment=(self "https://js.stripe.com")';

type HelmetOptions = Parameters<typeof helmet>[0];

/**
 * The headers helmet writes for these options. They do not depend on the request, so helmet runs
 * once, at start: @fastify/helmet built helmet's middleware again on every request, about a tenth
 * of a cached answer's time.
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What the engines' licensing calls carry: JSON for programs, never rendered by a browser, so the
 * page policies above have nothing to govern; the set OWASP's REST Security Cheat Sheet names for API
 * answers (nothing may load, nothing may frame, no sniffing, no caching) does. Answering with 4
 * headers instead of 13 (about 700 bytes less) is a measurable share of a cached validation's cost.
 */
const ENGINE_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/**
 * docs/design.md §4 with helmet: the CSP, nosniff, frame protection, Referrer-Policy, Cross-Origin
 * Opener and Resource policies on every answer a browser may render or fetch, Strict-Transport-Security
 * when the store is reached over https (PUBLIC_URL), and a Permissions-Policy (helmet has none); the
 * engines' calls carry the API set above (and HSTS).
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): void {
  const headers: Record<string, string> = {
    ...headersOf({
      contentSecurityPolicy,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  // The API reference page brings its own inline bootstrap script.
  const { 'content-security-policy': _, ...referencePageHeaders } = headers;
  const hsts = headers['strict-transport-security'];
  const engineHeaders = hsts ? { ...ENGINE_HEADERS, 'strict-transport-security': hsts } : ENGINE_HEADERS;
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(
      url.startsWith(ENGINE_CALLS)
        ? engineHeaders
        : url.startsWith('/api/docs')
          ? referencePageHeaders
          : headers,
    );
    done();
  });
}
