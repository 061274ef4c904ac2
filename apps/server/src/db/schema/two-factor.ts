import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { requiredReference, serialId, timestamptz } from './columns';
import { organizations } from './organizations';
import { persons } from './persons';

/**
 * A person's two-factor sign-in (TOTP, RFC 6238). `secret` (encrypted) is set once enabled;
 * `pendingSecret` waits for the first code; `lastStep` makes each code single use;
 * `setupRequired` sends the person to enrol at the next sign-in (an admin reset it).
 */
export const twoFactorEnrolments = pgTable('two_factor_enrolments', {
  personId: integer('person_id')
    .primaryKey()
    .references(() => persons.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamptz('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  setupRequired: boolean('setup_required').notNull().default(false),
});

/** Single-use recovery codes, stored as SHA-256 (they are random, not chosen by people). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serialId(),
    personId: requiredReference('person_id', () => persons.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('two_factor_recovery_codes_person_idx').on(t.personId)],
);

/** An organization's rule that its admins sign in with two factors. */
export const twoFactorPolicies = pgTable('two_factor_policies', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  adminsRequired: boolean('admins_required').notNull().default(false),
});
