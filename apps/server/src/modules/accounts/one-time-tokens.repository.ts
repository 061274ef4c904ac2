import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';

// Links sent by mail (docs/design.md §4): single use, expiring, stored as SHA-256 only.

export type TokenKind = 'verify' | 'reset' | 'email-change';
export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

export async function issueToken(
  tx: DbOrTx,
  a: {
    kind: TokenKind;
    personId: number | null;
    email: string;
    newEmail?: string | null;
    now: Date;
    lifetimeMs: number;
  },
): Promise<string> {
  const token = randomToken(32);
  await tx.insert(oneTimeTokens).values({
    kind: a.kind,
    tokenHash: hashToken(token),
    personId: a.personId,
    email: a.email.trim().toLowerCase(),
    newEmail: a.newEmail?.trim() ?? null,
    createdAt: a.now,
    expiresAt: new Date(a.now.getTime() + a.lifetimeMs),
  });
  return token;
}

/** The token if it exists, is of one of these kinds, is unused and has not expired; otherwise null. */
export async function findUsableToken(tx: DbOrTx, token: string, kinds: TokenKind[], now: Date) {
  if (token.length === 0 || token.length > 200) return null;
  const [row] = await tx
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row && (kinds as string[]).includes(row.kind) ? row : null;
}

/**
 * Marks the token used, only if nobody else did first: of two concurrent uses exactly one gets true.
 */
export async function useToken(tx: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/** A newer e-mail change replaces any pending one of the same person. */
export async function retirePendingEmailChanges(tx: DbOrTx, personId: number, now: Date) {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.personId, personId),
        eq(oneTimeTokens.kind, 'email-change'),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

export async function pendingEmailChange(tx: DbOrTx, personId: number, now: Date): Promise<string | null> {
  const [row] = await tx
    .select({ newEmail: oneTimeTokens.newEmail })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.personId, personId),
        eq(oneTimeTokens.kind, 'email-change'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .orderBy(sql`${oneTimeTokens.createdAt} DESC`)
    .limit(1);
  return row?.newEmail ?? null;
}

/** Housekeeping: links used or past their expiry can never work again; they are deleted. */
export async function deleteSpentTokens(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(oneTimeTokens)
    .where(or(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id });
  return rows.length;
}
