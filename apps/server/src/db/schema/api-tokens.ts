import type { ApiTokenScope } from '@store/core';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { requiredReference, serialId, timestamptz } from './columns';
import { organizations } from './organizations';
import { persons } from './persons';

/**
 * Organization API tokens (migration 0110, docs/decisions/026), written only by modules/api-tokens.
 * The token itself is never stored: its SHA-256, and `start` (prefix and first characters) to show.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serialId(),
    organizationId: requiredReference('organization_id', () => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    start: text('start').notNull(),
    scopes: text('scopes').array().$type<ApiTokenScope[]>().notNull(),
    createdByPersonId: integer('created_by_person_id').references(() => persons.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at'),
    lastUsedAt: timestamptz('last_used_at'),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('api_tokens_organization_idx').on(t.organizationId, t.createdAt)],
);
