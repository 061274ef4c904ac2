import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { Config } from './config';
import { securitySchemes } from './plugins/route-security';

/**
 * The groups of the API document, one per tag a route names. Generated clients and the reference
 * pages file each operation under its tag, so every tag a route uses is declared and described here
 * (the API document's lint refuses an undeclared one).
 */
const tags = [
  {
    name: 'identity',
    description: 'Signing in and out, the signed-in person and organization, and their sessions.',
  },
  {
    name: 'accounts',
    description:
      "Registering an organization, verifying an address, resetting a password, and the organization's users.",
  },
  { name: 'two-factor', description: "Two-factor sign-in: a person's own, and the organization's policy." },
  {
    name: 'api-tokens',
    description:
      "The organization's API tokens, for programs such as a build pipeline (the Developer role, with a session).",
  },
  {
    name: 'sso',
    description:
      "Single sign-on with OpenID Connect: the organization's set-up and claimed e-mail domains (admins), and the sign-in's browser redirects.",
  },
  {
    name: 'webhooks',
    description:
      "The organization's webhook endpoints and their deliveries: messages signed as Standard Webhooks specifies, sent when something happens to the organization's subscriptions, bills, machines and users.",
  },
  {
    name: 'catalog',
    description: 'Products, their plans and end-user agreements, and the figures a cart needs.',
  },
  { name: 'store', description: 'Buying the cart.' },
  { name: 'billing-info', description: "The organization's billing address and card on file." },
  {
    name: 'subscriptions',
    description:
      'Subscriptions and their changes, the machines activated against a license key, usage, offline use.',
  },
  {
    name: 'licensing',
    description:
      'The engines and designers: activation, heartbeats, validation and usage reports, authorized by the license key.',
  },
  { name: 'billing', description: 'Bills, invoices and credit notes, and paying open bills.' },
  { name: 'audit', description: "The organization's Activity log." },
  { name: 'misc', description: 'Health probes and the settings the web client reads.' },
  { name: 'stripe', description: "Stripe's signed events, when the store takes cards through Stripe." },
  {
    name: 'operator',
    description: "The store operator's console; to anyone else these operations do not exist (404).",
  },
];

/**
 * The API document's own parts (the paths come from the routes): customers generate clients from it,
 * so it names the server and how each kind of caller authenticates.
 */
export function apiDocument(
  config: Pick<Config, 'publicUrl' | 'storeGuideUrl'>,
): NonNullable<FastifyDynamicSwaggerOptions['openapi']> {
  return {
    info: {
      title: 'Licensed Software Store API',
      version: '1.0.0',
      description:
        'Every call of the store and account portal. A person signs in with POST /api/authenticate and sends the token as a bearer Authorization header; calls from the browser that change something echo the XSRF-TOKEN cookie in X-XSRF-TOKEN. A program sends an organization API token (sk_org_…) as its bearer token instead, and needs no XSRF header; the operations it may call name the scope it needs. Engines and designers call the licensing operations with their license key. An operation a person needs a role for names it in x-required-right (admin, billing, licenses or developer; an administrator holds every role), and answers 403 with code ROLE_REQUIRED to anyone without it.',
      // The API is the store's own service, offered to its customers on the terms the Store Guide sets out.
      license: { name: 'Proprietary', url: new URL(config.storeGuideUrl, config.publicUrl).href },
    },
    // The address people and programs reach (PUBLIC_URL); every path starts with /api.
    servers: [{ url: config.publicUrl, description: 'This store' }],
    tags,
    // No document-wide default: every route declares its own security (docs/design.md §4).
    components: { securitySchemes },
  };
}
