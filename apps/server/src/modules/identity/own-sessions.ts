import type { OwnSession } from '@store/core';
import type { AppDeps } from '../../app-deps';
import { deleteOwnSession, liveSessionsOf } from './sessions.repository';

/**
 * A person's own sessions, listed and ended one by one (ASVS 5.0 7.5.2); ending all but the current
 * one is the session service's revokeAllFor. The identity module owns the sessions table.
 */
export function createOwnSessionsService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    async list(personId: number, currentSessionId: number): Promise<OwnSession[]> {
      const rows = await liveSessionsOf(db, personId, clock.now());
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
    end: (personId: number, sessionId: number): Promise<boolean> => deleteOwnSession(db, personId, sessionId),
  };
}

export type OwnSessionsService = ReturnType<typeof createOwnSessionsService>;
