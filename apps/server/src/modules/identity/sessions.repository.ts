import { and, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { organizations, persons, sessions, twoFactorEnrolments, twoFactorPolicies } from '../../db/schema';

// SQL of the sessions table, which identity owns (docs/conventions.md: one writer per table).

export type NewSession = typeof sessions.$inferInsert;

/** Every signed-in request reads its session: the query is built and prepared once per database. */
export function prepareSessionByToken(db: Db) {
  return db
    .select({
      session: sessions,
      person: persons,
      organization: organizations,
      twoFactor: {
        secret: twoFactorEnrolments.secret,
        setupRequired: twoFactorEnrolments.setupRequired,
      },
      adminsRequired: twoFactorPolicies.adminsRequired,
    })
    .from(sessions)
    .innerJoin(persons, eq(persons.id, sessions.personId))
    .innerJoin(organizations, eq(organizations.id, persons.organizationId))
    .leftJoin(twoFactorEnrolments, eq(twoFactorEnrolments.personId, persons.id))
    .leftJoin(twoFactorPolicies, eq(twoFactorPolicies.organizationId, organizations.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // A deactivated person's sessions are deleted with the deactivation; this holds for one a
        // sign-in racing it might have left (docs/decisions/038).
        isNull(persons.deactivatedAt),
      ),
    )
    .limit(1)
    .prepare('session_by_token');
}

/** The sliding expiry, written at most once a minute (session.service.ts). */
export async function touchSession(db: DbOrTx, sessionId: number, lastUsedAt: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastUsedAt, expiresAt }).where(eq(sessions.id, sessionId));
}

/**
 * A new session, unless its person is deactivated, in one statement: the person's row is read under
 * a share lock, so a deactivation (which deletes the person's sessions) either waits for this insert
 * or is seen by it (docs/decisions/038). Answers whether the session was made.
 */
export async function insertSessionForActivePerson(db: DbOrTx, values: NewSession): Promise<boolean> {
  const made = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO sessions (token_hash, person_id, created_at, last_used_at, expires_at, user_agent, address)
      SELECT ${values.tokenHash}, p.id, ${iso(values.createdAt)}::timestamptz, ${iso(values.lastUsedAt)}::timestamptz,
        ${iso(values.expiresAt)}::timestamptz, ${values.userAgent ?? ''}, ${values.address ?? ''}
      FROM persons p WHERE p.id = ${values.personId} AND p.deactivated_at IS NULL
      FOR SHARE
      RETURNING id`,
  );
  return made.length > 0;
}

const iso = (date: Date) => date.toISOString();

export async function deleteSession(db: DbOrTx, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Sessions past their expiry; answers how many were deleted. */
export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return rows.length;
}

/** Every session of the person but the one named; answers how many were deleted. */
export async function deleteSessionsOf(
  db: DbOrTx,
  personId: number,
  exceptSessionId?: number,
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.personId, personId),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** The person's sessions still running, most recently used first. */
export function liveSessionsOf(db: DbOrTx, personId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.personId, personId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/** Deletes one session of the person; false when it is not theirs (or no longer exists). */
export async function deleteOwnSession(db: DbOrTx, personId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.personId, personId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
