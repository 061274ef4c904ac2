import { z } from 'zod/mini';
import { type Role, roleDescription } from './roles';
import { maxChars } from './schemas/common';
import { Rights } from './schemas/entities';
import { ISSUER_PATTERN, isAcceptableIssuer, SSO_TEXT_MAX } from './sso';
import { SsoMessages } from './sso-messages';

// The single sign-on set-up an admin keeps (GET/PUT /api/organization/sso): OpenID Connect
// (docs/decisions/036) or SAML 2.0 (docs/decisions/037), and the role of people it creates.

/** What a person created just in time may be given besides user: never admin (an admin's choice alone). */
export const SSO_DEFAULT_ROLES = ['user', 'billing', 'licenses', 'developer'] as const;
export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

/** The rights of a person single sign-on creates. */
export const ssoDefaultRights = (role: SsoDefaultRole): number =>
  role === 'user' ? Rights.User : Rights.User | roleDescription(role as Exclude<Role, 'admin'>).bit;

export const ssoDefaultRoleLabel = (role: SsoDefaultRole) =>
  role === 'user' ? SsoMessages.defaultRoleUser : roleDescription(role).label;

/** Metadata pasted on the screen: an IdP's is a few kilobytes, a federation's far more (refused). */
export const SAML_METADATA_MAX = 200_000;

const text = (required: string, label: string) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      ...maxChars(SSO_TEXT_MAX, `${label} must be at most ${SSO_TEXT_MAX} characters`),
    );

const defaultRole = z.optional(
  z.enum(SSO_DEFAULT_ROLES, { error: `Default role must be one of ${SSO_DEFAULT_ROLES.join(', ')}` }),
);

export const PutOidcConfigSchema = z.strictObject({
  kind: z.literal('oidc', { error: 'Kind must be "oidc" or "saml"' }),
  issuer: text(SsoMessages.issuerInvalid, 'Issuer URL').check(
    z.regex(ISSUER_PATTERN, { error: SsoMessages.issuerInvalid, abort: true }),
    z.refine(isAcceptableIssuer, SsoMessages.issuerInvalid),
  ),
  clientId: text(SsoMessages.clientIdRequired, 'Client ID'),
  /** Omitted or empty: keep the secret already kept (the screen never holds it). */
  clientSecret: z.optional(z.string().check(...maxChars(SSO_TEXT_MAX, 'Client secret is too long'))),
  enforced: z.optional(z.boolean()),
  defaultRole,
});
export type PutOidcConfig = z.infer<typeof PutOidcConfigSchema>;

/**
 * SAML: the provider's metadata, pasted or at a URL (read at each save); one of them, or neither to
 * keep the metadata already kept. Which one is given, the server checks (SsoMessages.metadataBoth).
 */
export const PutSamlConfigSchema = z.strictObject({
  kind: z.literal('saml', { error: 'Kind must be "oidc" or "saml"' }),
  metadataXml: z.optional(
    z.string().check(z.trim(), ...maxChars(SAML_METADATA_MAX, SsoMessages.metadataTooLong)),
  ),
  metadataUrl: z.optional(
    z.string().check(
      z.trim(),
      ...maxChars(SSO_TEXT_MAX, SsoMessages.metadataUrlInvalid),
      z.refine((v) => v === '' || isAcceptableIssuer(v), SsoMessages.metadataUrlInvalid),
    ),
  ),
  enforced: z.optional(z.boolean()),
  defaultRole,
});
export type PutSamlConfig = z.infer<typeof PutSamlConfigSchema>;

/** The body of PUT /api/organization/sso. */
export const PutSsoConfigSchema = z.discriminatedUnion('kind', [PutOidcConfigSchema, PutSamlConfigSchema]);
export type PutSsoConfig = z.infer<typeof PutSsoConfigSchema>;

/**
 * The set-up as answered: never the client secret, only that one is kept. One object whose fields
 * are those of its kind (a union with null cannot be stated in the OpenAPI 3.0 document).
 */
export const SsoConfigSchema = z.object({
  kind: z.enum(['oidc', 'saml']),
  enforced: z.boolean(),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
  /** OpenID Connect: the issuer, the client id, whether a client secret is kept. */
  issuer: z.optional(z.string()),
  clientId: z.optional(z.string()),
  clientSecretSet: z.optional(z.boolean()),
  /** SAML: the identity provider's entity id (the Issuer its answers carry), its sign-in URL, where its metadata is read. */
  entityId: z.optional(z.string()),
  ssoUrl: z.optional(z.string()),
  metadataUrl: z.optional(z.nullable(z.string())),
});
export type SsoConfig = z.infer<typeof SsoConfigSchema>;

export const SsoSettingsSchema = z.object({
  /** What the admin registers at an OpenID provider. */
  redirectUri: z.string(),
  /** What the admin registers at a SAML provider: the store's entity id (the audience), ACS and metadata. */
  saml: z.object({ entityId: z.string(), acsUrl: z.string(), metadataUrl: z.string() }),
  config: z.nullable(SsoConfigSchema),
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;
