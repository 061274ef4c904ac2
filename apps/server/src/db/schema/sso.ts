import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { persons } from './persons';

/** An organization's OpenID Connect set-up (migration 0200, docs/decisions/036), written only by modules/sso. */
export const ssoConfigs = pgTable('sso_configs', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'oidc'>().notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed with the server's key for secrets (lib/secret-box), never answered back. */
  clientSecretBox: text('client_secret_box').notNull(),
  enforced: boolean('enforced').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Claimed e-mail domains; verified ones are unique across organizations. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verifiedBy: text('verified_by').$type<'email' | 'operator'>(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
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
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ticketHash: text('ticket_hash').unique(),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
    ticketUsedAt: timestamp('ticket_used_at', { withTimezone: true }),
  },
  (t) => [index('sso_attempts_expires_idx').on(t.expiresAt)],
);
