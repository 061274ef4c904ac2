import { AccountMessages, isAdmin, isOperator } from '@store/core';
import type { DbOrTx } from '../../db/client';
import type {
  AuthContext,
  CachedSession,
  CredentialResolverDeps,
  SessionOrigin,
  SessionService,
} from '../../lib/auth-context';
import { DomainError } from '../../lib/domain-error';
import { hashToken, randomToken } from '../../lib/tokens';
import * as repo from './sessions.repository';

const MAX_USER_AGENT = 256;

const DAY = 86_400_000;
/** docs/design.md §4: 7 days unused, 30 days in all. */
export const IDLE_LIFETIME_MS = 7 * DAY;
export const ABSOLUTE_LIFETIME_MS = 30 * DAY;
/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionService({ db, clock, cache }: CredentialResolverDeps): SessionService {
  const sessionByToken = repo.prepareSessionByToken(db);

  async function read(tokenHash: string, now: Date): Promise<CachedSession | null> {
    const rows = await sessionByToken.execute({ tokenHash, now: now.toISOString() });
    const row = rows[0];
    if (!row) return null;
    let { lastUsedAt, expiresAt } = row.session;
    if (now.getTime() - lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      const absoluteEnd = row.session.createdAt.getTime() + ABSOLUTE_LIFETIME_MS;
      lastUsedAt = now;
      expiresAt = new Date(Math.min(now.getTime() + IDLE_LIFETIME_MS, absoluteEnd));
      await repo.touchSession(db, row.session.id, lastUsedAt, expiresAt);
    }
    const enrolled = Boolean(row.twoFactor?.secret);
    const twoFactorSetupRequired =
      !enrolled &&
      (Boolean(row.twoFactor?.setupRequired) ||
        isOperator(row.person) ||
        (isAdmin(row.person) && Boolean(row.adminsRequired)));
    return {
      // Shared by every request the cached copy answers: frozen, so none can change it for the next.
      context: Object.freeze({
        person: Object.freeze(row.person),
        organization: Object.freeze(row.organization),
        sessionId: row.session.id,
        twoFactorSetupRequired,
      }),
      lastUsedAt: lastUsedAt.getTime(),
      expiresAt: expiresAt.getTime(),
    };
  }

  return {
    async issue(personId: number, origin: SessionOrigin = { userAgent: '', address: '' }): Promise<string> {
      const token = randomToken(32);
      const now = clock.now();
      const made = await repo.insertSessionForActivePerson(db, {
        tokenHash: hashToken(token),
        personId,
        userAgent: origin.userAgent.slice(0, MAX_USER_AGENT),
        address: origin.address,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + IDLE_LIFETIME_MS),
      });
      // Every way in (password, single sign-on, a reset) ends here: a deactivated person gets no session.
      if (!made) throw new DomainError('DEACTIVATED', AccountMessages.deactivated);
      return token;
    },

    /**
     * The session behind a token. A cached copy answers until the sliding expiry is due to be
     * written again, so an expiry is never missed and a session in use is touched as before.
     */
    async resolve(token: string): Promise<AuthContext | null> {
      const now = clock.now();
      const tokenHash = hashToken(token);
      const cached = cache?.get(tokenHash);
      if (
        cached &&
        now.getTime() < cached.expiresAt &&
        now.getTime() - cached.lastUsedAt <= TOUCH_INTERVAL_MS
      ) {
        return cached.context;
      }
      const found = cache
        ? await cache.fill(tokenHash, () => read(tokenHash, now))
        : await read(tokenHash, now);
      return found?.context ?? null;
    },

    async revoke(sessionId: number): Promise<void> {
      await repo.deleteSession(db, sessionId);
      cache?.forgetAll();
    },

    /** Housekeeping: sessions past their expiry (7 days unused or 30 in all) are deleted. */
    async deleteExpired(): Promise<number> {
      return repo.deleteExpiredSessions(db, clock.now());
    },

    /**
     * Password change or reset, deletion, a changed second factor: every token of the person stops at
     * once, but for the session that made the change when it is named. Answers how many ended.
     */
    async revokeAllFor(personId: number, exceptSessionId?: number, tx: DbOrTx = db): Promise<number> {
      const ended = await repo.deleteSessionsOf(tx, personId, exceptSessionId);
      cache?.forgetAll();
      return ended;
    },
  };
}
