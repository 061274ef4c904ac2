import type { OwnSession } from '@store/core';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { sessions } from '../../db/schema';

/**
 * A person's own sessions, listed and ended one by one (ASVS 5.0 7.5.2); ending all but the current
 * one is the session service's revokeAllFor. The identity module owns the sessions table.
 */
export function createOwnSessionsService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    async list(personId: number, currentSessionId: number): Promise<OwnSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.personId, personId), gt(sessions.expiresAt, clock.now())))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
      return rows.map((s) => ({
        sessionId: s.id,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        userAgent: s.userAgent,
        address: s.address,
        current: s.id === currentSessionId,
      }));
    },

    /** Ends one of the person's sessions; false when it is not theirs (or no longer exists). */
    async end(personId: number, sessionId: number): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.personId, personId)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
  };
}

export type OwnSessionsService = ReturnType<typeof createOwnSessionsService>;
