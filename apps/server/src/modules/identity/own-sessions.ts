import type { EndedSessions, OwnSessions } from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/domain-error';
import { deleteOwnSession, liveSessionsOf } from './sessions.repository';

/**
 * A person's own sessions, listed and ended from the Account screen (ASVS 5.0 7.5.2). Ending all but
 * the current one is the session service's revokeAllFor. The identity module owns the sessions table.
 */
export function createOwnSessionsService({
  db,
  clock,
  sessions,
}: Pick<AppDeps, 'db' | 'clock' | 'sessions'>) {
  return {
    async list(auth: AuthContext): Promise<OwnSessions> {
      const rows = await liveSessionsOf(db, auth.person.id, clock.now());
      return {
        sessions: rows.map((s) => ({
          sessionId: s.id,
          createdAt: s.createdAt.toISOString(),
          lastUsedAt: s.lastUsedAt.toISOString(),
          userAgent: s.userAgent,
          address: s.address,
          current: s.id === auth.sessionId,
        })),
      };
    },

    /** Ends one of the person's sessions; another person's (or one already gone) is not found. */
    async end(auth: AuthContext, sessionId: number): Promise<EndedSessions> {
      if (!(await deleteOwnSession(db, auth.person.id, sessionId))) throw notFound('No such session.');
      return { ended: 1 };
    },

    /** Sign out everywhere else: every session of the person but the one making the request. */
    endOthers: async (auth: AuthContext): Promise<EndedSessions> => ({
      ended: await sessions.revokeAllFor(auth.person.id, auth.sessionId),
    }),
  };
}

export type OwnSessionsService = ReturnType<typeof createOwnSessionsService>;
