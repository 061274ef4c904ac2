import { and, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
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
      ),
    )
    .limit(1)
    .prepare('session_by_token');
}

/** The sliding expiry, written at most once a minute (session.service.ts). */
export async function touchSession(db: DbOrTx, sessionId: number, lastUsedAt: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastUsedAt, expiresAt }).where(eq(sessions.id, sessionId));
}

export async function insertSession(db: DbOrTx, values: NewSession) {
  await db.insert(sessions).values(values);
}

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
