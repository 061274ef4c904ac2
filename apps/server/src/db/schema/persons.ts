import { Rights } from '@store/core';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredReference, serialId, timestamptz } from './columns';
import { organizations } from './organizations';

/** One row per (organization, e-mail): the same address may sign in to several organizations. */
export const persons = pgTable(
  'persons',
  {
    id: serialId(),
    organizationId: requiredReference('organization_id', () => organizations.id, { onDelete: 'cascade' }),
    rights: integer('rights').notNull().default(1),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /**
     * Set when the organization's identity provider deactivates the person through SCIM
     * (docs/decisions/038): no sign-in and no session until it is cleared.
     */
    deactivatedAt: timestamptz('deactivated_at'),
    /** The identity provider's own id for the person (SCIM's externalId), kept as sent. */
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('persons_org_email_unique').on(t.organizationId, sql`lower(${t.email})`),
    index('persons_email_idx').on(sql`lower(${t.email})`),
    index('persons_org_external_id_idx')
      .on(t.organizationId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
  ],
);

/**
 * The one SQL test for an organization's administrator: the admin bit of the person's rights
 * (core's Rights.Admin). `rights` is the column as the query names it, `p.rights` where persons is
 * aliased. It sits beside the table rather than in the accounts module, which owns persons, because
 * identity reads admins too and accounts already depends on identity.
 */
export const isAdminSql = (rights: AnyPgColumn | SQL = persons.rights): SQL =>
  sql`(${rights} & ${Rights.Admin}) <> 0`;

/** Opaque bearer tokens, stored as SHA-256 hashes (docs/design.md §4). */
export const sessions = pgTable(
  'sessions',
  {
    id: serialId(),
    tokenHash: text('token_hash').notNull().unique(),
    personId: requiredReference('person_id', () => persons.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** The browser or client that signed in, as its User-Agent named it (shortened). */
    userAgent: text('user_agent').notNull().default(''),
    /** The client's address at sign-in (TRUST_PROXY decides which one). */
    address: text('address').notNull().default(''),
  },
  (t) => [index('sessions_person_idx').on(t.personId)],
);

/** Single-use links sent by mail: 'verify', 'reset', 'email-change'. Stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    newEmail: text('new_email'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('one_time_tokens_email_idx').on(t.email)],
);
