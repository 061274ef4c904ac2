import type { SsoDefaultRole } from '@store/core';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredReference, serialId, timestamptz } from './columns';
import { organizations } from './organizations';
import { persons } from './persons';

/**
 * An organization's single sign-on set-up, OpenID Connect or SAML 2.0 (migrations 0200 and 0220,
 * docs/decisions/036 and 037), written only by modules/sso. `issuer` is the provider's name its
 * answers carry: the OpenID issuer, or the SAML IdP's entity id.
 */
export const ssoConfigs = pgTable('sso_configs', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'oidc' | 'saml'>().notNull(),
  issuer: text('issuer').notNull(),
  /** OpenID Connect only. */
  clientId: text('client_id'),
  /** OpenID Connect only; sealed with the server's key for secrets (lib/secret-box), never answered back. */
  clientSecretBox: text('client_secret_box'),
  /** SAML only: where the provider takes the AuthnRequest (HTTP-Redirect binding). */
  samlSsoUrl: text('saml_sso_url'),
  /** SAML only: the provider's signing certificates, base64 DER, one per line. */
  samlCertificates: text('saml_certificates'),
  /** SAML only: where the metadata was read from, when given as a URL. */
  samlMetadataUrl: text('saml_metadata_url'),
  enforced: boolean('enforced').notNull().default(false),
  /** The role of people created just in time besides user (core's SsoDefaultRole). */
  defaultRole: text('default_role').$type<SsoDefaultRole>().notNull().default('user'),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Claimed e-mail domains; verified ones are unique across organizations. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: serialId(),
    organizationId: requiredReference('organization_id', () => organizations.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verifiedBy: text('verified_by').$type<'email' | 'operator'>(),
    verifiedAt: timestamptz('verified_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sso_domains_org_domain_unique').on(t.organizationId, t.domain),
    uniqueIndex('sso_domains_verified_unique').on(t.domain).where(sql`${t.verifiedAt} IS NOT NULL`),
  ],
);

/** A sign-in under way at the provider, and then its one-time ticket; each single use. */
export const ssoAttempts = pgTable(
  'sso_attempts',
  {
    id: serialId(),
    stateHash: text('state_hash').notNull().unique(),
    organizationId: requiredReference('organization_id', () => organizations.id, { onDelete: 'cascade' }),
    /** OpenID Connect only (a SAML attempt is keyed by its AuthnRequest ID). */
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    ticketHash: text('ticket_hash').unique(),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    ticketExpiresAt: timestamptz('ticket_expires_at'),
    ticketUsedAt: timestamptz('ticket_used_at'),
  },
  (t) => [index('sso_attempts_expires_idx').on(t.expiresAt)],
);

/** SAML assertion IDs already accepted, until the assertion's end of validity: a replay is refused. */
export const ssoSamlAssertions = pgTable(
  'sso_saml_assertions',
  {
    organizationId: requiredReference('organization_id', () => organizations.id, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.assertionId] }),
    index('sso_saml_assertions_expires_idx').on(t.expiresAt),
  ],
);
