import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

/**
 * DESIGN.md §4 with @fastify/helmet: the CSP, nosniff, frame protection, Referrer-Policy, Cross-Origin
 * Opener and Resource policies on every answer, Strict-Transport-Security when the store is reached
 * over https (PUBLIC_URL), and a Permissions-Policy (helmet has none).
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // The API reference page brings its own inline bootstrap script.
    if (request.url.startsWith('/api/docs')) reply.removeHeader('content-security-policy');
  });
}
