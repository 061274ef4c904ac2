import { isAdmin, isOperator } from '@store/core';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, persons, sessions, twoFactorEnrolments, twoFactorPolicies } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hashToken, randomToken } from '../../lib/tokens';

export type PersonRow = typeof persons.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export interface AuthContext {
  person: PersonRow;
  organization: OrganizationRow;
  sessionId: number;
  /**
   * The person must set up two-factor sign-in before anything else: the organization requires it of
   * its admins, an admin reset it, or the person is a store operator (always, docs/decisions/015). Only routes marked allowDuringTwoFactorSetup answer them.
   */
  twoFactorSetupRequired: boolean;
}

const DAY = 86_400_000;
/** DESIGN.md §4: 7 days unused, 30 days in all. */
export const IDLE_LIFETIME_MS = 7 * DAY;
export const ABSOLUTE_LIFETIME_MS = 30 * DAY;
/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** Every signed-in request reads its session: the query is built and prepared once per database. */
function prepareSessionByToken(db: Db) {
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

export function createSessionService({ db, clock }: { db: Db; clock: Clock }) {
  const sessionByToken = prepareSessionByToken(db);
  return {
    async issue(personId: number): Promise<string> {
      const token = randomToken(32);
      const now = clock.now();
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        personId,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + IDLE_LIFETIME_MS),
      });
      return token;
    },

    async resolve(token: string): Promise<AuthContext | null> {
      const now = clock.now();
      const rows = await sessionByToken.execute({ tokenHash: hashToken(token), now: now.toISOString() });
      const row = rows[0];
      if (!row) return null;
      if (now.getTime() - row.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        const absoluteEnd = row.session.createdAt.getTime() + ABSOLUTE_LIFETIME_MS;
        await db
          .update(sessions)
          .set({
            lastUsedAt: now,
            expiresAt: new Date(Math.min(now.getTime() + IDLE_LIFETIME_MS, absoluteEnd)),
          })
          .where(eq(sessions.id, row.session.id));
      }
      const enrolled = Boolean(row.twoFactor?.secret);
      const twoFactorSetupRequired =
        !enrolled &&
        (Boolean(row.twoFactor?.setupRequired) ||
          isOperator(row.person) ||
          (isAdmin(row.person) && Boolean(row.adminsRequired)));
      return {
        person: row.person,
        organization: row.organization,
        sessionId: row.session.id,
        twoFactorSetupRequired,
      };
    },

    async revoke(sessionId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Housekeeping: sessions past their expiry (7 days unused or 30 in all) are deleted. */
    async deleteExpired(): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(lte(sessions.expiresAt, clock.now()))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Password change or reset, deletion: every token of the person stops at once. */
    async revokeAllFor(personId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.personId, personId));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
