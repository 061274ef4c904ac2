import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { apiTokens, organizations } from '../../db/schema';

// SQL of the api_tokens table, which this module owns (docs/conventions.md: one writer per table).

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type NewApiToken = typeof apiTokens.$inferInsert;

/** Every call with a token reads it (when not cached): built and prepared once per database. */
export function prepareTokenByHash(db: Db) {
  return db
    .select({ token: apiTokens, organization: organizations })
    .from(apiTokens)
    .innerJoin(organizations, eq(organizations.id, apiTokens.organizationId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql.placeholder('now'))),
      ),
    )
    .limit(1)
    .prepare('api_token_by_hash');
}

export async function insertApiToken(db: DbOrTx, values: NewApiToken): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row as ApiTokenRow;
}

/** The organization's tokens not revoked, newest first (expired ones included: the list says so). */
export function liveTokensOf(db: DbOrTx, organizationId: number): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.organizationId, organizationId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Revokes the organization's token; null when it has none of that id not yet revoked. */
export async function revokeApiToken(
  db: DbOrTx,
  organizationId: number,
  id: number,
  at: Date,
): Promise<ApiTokenRow | null> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(
      and(eq(apiTokens.id, id), eq(apiTokens.organizationId, organizationId), isNull(apiTokens.revokedAt)),
    )
    .returning();
  return row ?? null;
}

/** The last use the list shows, written at most once a minute per token (api-tokens.service.ts). */
export async function touchApiToken(db: DbOrTx, id: number, at: Date, address: string) {
  await db.update(apiTokens).set({ lastUsedAt: at, lastUsedAddress: address }).where(eq(apiTokens.id, id));
}
