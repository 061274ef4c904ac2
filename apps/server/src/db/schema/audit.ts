import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Append-only (a trigger refuses UPDATE and DELETE), written only by modules/audit (docs/decisions/017). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull(),
    organizationId: integer('organization_id'),
    actorKind: text('actor_kind').$type<'person' | 'operator' | 'system' | 'api-token'>().notNull(),
    actorPersonId: integer('actor_person_id'),
    actorName: text('actor_name'),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    address: text('address'),
  },
  (t) => [
    index('audit_log_organization_at_idx').on(t.organizationId, t.at.desc(), t.id.desc()),
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
  ],
);
