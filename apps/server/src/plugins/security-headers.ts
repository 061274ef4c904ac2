import type { FastifyInstance } from 'fastify';

// Stripe.js is the only third-party code the SPA loads (card fields in its own frames).
const CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  "frame-src 'self' blob: data: https://js.stripe.com https://hooks.stripe.com",
  "object-src 'self' blob: data:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** DESIGN.md §4: CSP, nosniff and frame protection on every page. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    // The API reference page brings its own inline bootstrap script.
    if (!request.url.startsWith('/api/docs')) reply.header('content-security-policy', CSP);
  });
}
