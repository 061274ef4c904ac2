// What API tokens' scopes are and what the screen and the server say of tokens (docs/decisions/026),
// apart from their schemas in api-tokens.ts: the shell's menu names the screen, and a module that is
// loaded for a constant builds every schema it declares (docs/decisions/020).

/**
 * What a token may do. Each customer route names the one scope that admits a token (published as the
 * `apiToken` security requirement's scopes in the API document); a route naming none admits no token.
 */
export const API_TOKEN_SCOPES = [
  'subscriptions:read',
  'subscriptions:write',
  'licensing',
  'billing:read',
  'users:read',
  'users:write',
  'webhooks',
  'scim',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What each scope reaches, as the API & Webhooks screen explains it. */
export const API_TOKEN_SCOPE_DESCRIPTIONS: Record<ApiTokenScope, string> = {
  'subscriptions:read': 'Read subscriptions, their plans and perpetual licenses',
  'subscriptions:write': 'Edit and cancel subscriptions, enable offline use, flush keys',
  licensing: "Machines, usage and offline license files of the organization's keys",
  'billing:read': 'Bills, invoices and credit notes',
  'users:read': "Read the organization's users",
  'users:write': 'Add, change and delete users',
  webhooks: 'Webhook endpoints: add, change and delete them, send test events, read and retry deliveries',
  scim: 'Provision users and their roles from your identity provider (Okta, Microsoft Entra ID) over SCIM 2.0 at /scim/v2',
};

export const ApiTokenMessages = {
  intro:
    "Tokens let your organization's own programs, such as a build pipeline, call the store's API. A token reaches only what its scopes name. Send it as Authorization: Bearer <token>.",
  listHeading: 'API tokens',
  createHeading: 'Create a token',
  none: 'Your organization has no API tokens.',
  nameLabel: 'Name',
  nameDescription: 'What the token is for, e.g. the pipeline that uses it',
  scopesLabel: 'Scopes',
  expiryLabel: 'Expires',
  expiryOption: (days: number) => `In ${days} days`,
  neverExpires: 'Never',
  createButton: 'Create token',
  nameRequired: 'Name is required',
  scopesRequired: 'Choose at least one scope',
  scopesRepeated: 'Each scope may be named once',
  unknownScope: (scope: unknown) =>
    `${JSON.stringify(scope)} is not a scope; the scopes are ${API_TOKEN_SCOPES.join(', ')}`,
  expiryInvalid: 'Expires must be in 30, 90 or 365 days, or never',
  shownOnce: 'Copy this token now. It is shown only once: the store keeps only its hash.',
  copy: 'Copy token',
  done: 'Done',
  created: (name: string) => `API token ${name} created.`,
  revoke: 'Revoke',
  revokeTitle: 'Revoke this token?',
  revokeConfirm: (name: string) => `Programs using ${name} stop working at once. This cannot be undone.`,
  revokeButton: 'Revoke token',
  revoked: (name: string) => `API token ${name} revoked.`,
  notFound: 'No such API token.',
  expired: 'Expired',
  neverUsed: 'Never used',
  columns: {
    name: 'Name',
    token: 'Token',
    scopes: 'Scopes',
    createdBy: 'Created by',
    createdAt: 'Created',
    expiresAt: 'Expires',
    lastUsed: 'Last used',
  },
  /** A token presented to a route whose declaration names no scope (sign-in, sessions, tokens, the console). */
  notForTokens: 'An API token cannot make this call: it needs a person signed in.',
  missingScope: (scope: string) => `This API token lacks the scope ${scope}, which this call needs.`,
  missingScopes: (scopes: readonly string[]) =>
    `This API token lacks the scope this call needs: one of ${scopes.join(', ')}.`,
  tooManyCalls: 'Too many calls with this API token. Wait a moment and try again.',
  /** Who made a change, on the Activity screen, when a token's call made it. */
  activityActor: (name: string) => `API token ${name}`,
} as const;
