import { z } from 'zod/mini';
import { API_TOKEN_SCOPES, ApiTokenMessages } from './api-token-messages';
import { maxChars } from './schemas/common';

// Organization API tokens (docs/design.md §5a "Who calls", docs/decisions/026): made by an admin on
// the API & Webhooks screen for the organization's own programs (a CI pipeline), scoped, hashed at rest.

/** Every token starts so: secret scanners and people recognize it, and the server tells it from a session. */
export const API_TOKEN_PREFIX = 'sk_org_';
/** Characters of the secret shown after the prefix in the list: enough to tell tokens apart, useless to an attacker. */
export const API_TOKEN_SHOWN_CHARS = 8;
export const API_TOKEN_NAME_MAX = 100;

/** The lifetimes an admin may choose, in days; null: the token never expires. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export type ApiTokenExpiryDays = (typeof API_TOKEN_EXPIRY_DAYS)[number] | null;

export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, {
  error: (issue) => ApiTokenMessages.unknownScope(issue.input),
});

/** The body of POST /api/organization/api-tokens, and the screen's form. */
export const CreateApiTokenSchema = z.strictObject({
  name: z
    .string({ error: ApiTokenMessages.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: ApiTokenMessages.nameRequired, abort: true }),
      ...maxChars(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`),
    ),
  scopes: z.array(ApiTokenScopeSchema, { error: ApiTokenMessages.scopesRequired }).check(
    z.minLength(1, ApiTokenMessages.scopesRequired),
    z.maxLength(API_TOKEN_SCOPES.length, ApiTokenMessages.scopesRepeated),
    z.refine((scopes) => new Set(scopes).size === scopes.length, ApiTokenMessages.scopesRepeated),
  ),
  expiresInDays: z.nullable(z.literal(API_TOKEN_EXPIRY_DAYS, { error: ApiTokenMessages.expiryInvalid })),
});
export type CreateApiToken = z.infer<typeof CreateApiTokenSchema>;

/** The screen's expiry choices, as its select's values ('never': the token never expires). */
export const API_TOKEN_EXPIRY_CHOICES = ['30', '90', '365', 'never'] as const;

/** The API & Webhooks screen's form: the body's fields, the expiry as the select's value. */
export const ApiTokenFormSchema = z.object({
  name: CreateApiTokenSchema.shape.name,
  scopes: CreateApiTokenSchema.shape.scopes,
  expiry: z.enum(API_TOKEN_EXPIRY_CHOICES, { error: ApiTokenMessages.expiryInvalid }),
});
export type ApiTokenForm = z.infer<typeof ApiTokenFormSchema>;

export const apiTokenFromForm = (form: z.output<typeof ApiTokenFormSchema>): CreateApiToken => ({
  name: form.name,
  scopes: form.scopes,
  expiresInDays: form.expiry === 'never' ? null : (Number(form.expiry) as 30 | 90 | 365),
});

/** A token as the list shows it: never the token itself, nor its hash. */
export const ApiTokenSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  /** The prefix and the first characters of the secret ("sk_org_Ab3dE5gH"), to tell tokens apart. */
  start: z.string(),
  /** The admin who made it, by name as they were then. */
  createdBy: z.string(),
  /** ISO 8601 times; null: never expires, never used. */
  createdAt: z.string(),
  expiresAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
  lastUsedAddress: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.object({ apiTokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

/** The answer of a creation: the only time the token itself is ever sent. */
export const CreatedApiTokenSchema = z.object({ token: z.string(), apiToken: ApiTokenSchema });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

/** Whether a token may be used at `now` (ms): not revoked and not past its expiry. */
export const apiTokenExpired = (expiresAt: string | null, now: number) =>
  expiresAt !== null && Date.parse(expiresAt) <= now;
