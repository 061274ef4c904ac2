import {
  API_TOKEN_PREFIX,
  API_TOKEN_SHOWN_CHARS,
  type ApiToken,
  ApiTokenMessages,
  type CreateApiToken,
  type CreatedApiToken,
  Rights,
} from '@store/core';
import type {
  ApiTokenResolver,
  AuthContext,
  CachedSession,
  CredentialResolverDeps,
  PersonRow,
} from '../../lib/auth-context';
import { notFound } from '../../lib/domain-error';
import { hashToken, randomToken } from '../../lib/tokens';
import { recordAudit } from '../audit';
import * as repo from './api-tokens.repository';

const DAY = 86_400_000;
/** The last use is written at most this often, not on every call (as sessions' sliding expiry). */
const TOUCH_INTERVAL_MS = 60_000;
/** 32 random bytes (256 bits) after the prefix, base64url. */
const SECRET_BYTES = 32;

const toDto = (row: repo.ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  start: row.start,
  createdBy: row.createdByName,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedAddress: row.lastUsedAddress,
});

/**
 * The person a token's calls stand in for: an admin of the organization (what the token may do is
 * bounded by its scopes, checked before the route runs), with a negative id no person has, so the
 * rules about "yourself" never apply and per-person limits count per token.
 */
function standInPerson(row: repo.ApiTokenRow): PersonRow {
  return {
    id: -row.id,
    organizationId: row.organizationId,
    rights: Rights.User | Rights.Admin,
    passwordHash: '',
    firstName: row.name,
    lastName: '',
    phone: '',
    email: '',
    emailVerified: true,
    createdAt: row.createdAt,
    deactivatedAt: null,
    externalId: null,
  };
}

/**
 * Organization API tokens (docs/decisions/026): made and revoked by an organization's admins,
 * resolved by route security on every call that presents one. Only the SHA-256 of a token is kept:
 * it holds 256 random bits, so a fast hash is as safe as a slow one and costs nothing per call.
 * A token's context is kept in the sessions' read cache, so whatever makes every server forget the
 * sessions (a revocation announced by the database) makes it forget the token too.
 */
export function createApiTokenService({ db, clock, cache }: CredentialResolverDeps) {
  const tokenByHash = repo.prepareTokenByHash(db);

  async function read(tokenHash: string, now: Date, address: string): Promise<CachedSession | null> {
    const [found] = await tokenByHash.execute({ tokenHash, now: now.toISOString() });
    if (!found) return null;
    const { token, organization } = found;
    let lastUsedAt = token.lastUsedAt;
    if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      lastUsedAt = now;
      await repo.touchApiToken(db, token.id, now, address);
    }
    const context: AuthContext = {
      person: Object.freeze(standInPerson(token)),
      organization: Object.freeze(organization),
      sessionId: 0,
      twoFactorSetupRequired: false,
      apiToken: Object.freeze({ id: token.id, name: token.name, scopes: Object.freeze([...token.scopes]) }),
    };
    return {
      context: Object.freeze(context),
      lastUsedAt: lastUsedAt.getTime(),
      expiresAt: token.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
    };
  }

  const resolver: ApiTokenResolver = {
    /**
     * The context behind a token: a cached copy answers while the token is unexpired and its last use
     * is recent, so an expiry is never missed and the last use is written as often as it is shown.
     */
    async resolve(token, address) {
      const now = clock.now();
      const tokenHash = hashToken(token);
      const cached = cache?.get(tokenHash);
      if (
        cached?.context.apiToken &&
        now.getTime() < cached.expiresAt &&
        now.getTime() - cached.lastUsedAt <= TOUCH_INTERVAL_MS
      ) {
        return cached.context;
      }
      const found = cache
        ? await cache.fill(tokenHash, () => read(tokenHash, now, address))
        : await read(tokenHash, now, address);
      return found?.context.apiToken ? found.context : null;
    },
  };

  return {
    resolver,

    /** Makes a token for the admin's organization; the answer is the only time the token is sent. */
    async create(auth: AuthContext, input: CreateApiToken): Promise<CreatedApiToken> {
      const now = clock.now();
      const token = API_TOKEN_PREFIX + randomToken(SECRET_BYTES);
      const row = await db.transaction(async (tx) => {
        const made = await repo.insertApiToken(tx, {
          organizationId: auth.organization.id,
          name: input.name,
          tokenHash: hashToken(token),
          start: token.slice(0, API_TOKEN_PREFIX.length + API_TOKEN_SHOWN_CHARS),
          scopes: [...input.scopes],
          createdByPersonId: auth.person.id,
          createdByName: `${auth.person.firstName} ${auth.person.lastName}`.trim(),
          createdAt: now,
          expiresAt:
            input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY),
        });
        await recordAudit(tx, 'api-token.created', { after: made });
        return made;
      });
      return { token, apiToken: toDto(row) };
    },

    async list(auth: AuthContext): Promise<ApiToken[]> {
      return (await repo.liveTokensOf(db, auth.organization.id)).map(toDto);
    },

    /**
     * Revokes one of the organization's tokens: this server forgets it now, every other one when the
     * database announces the change (migration 0110's trigger); another organization's id is a 404.
     */
    async revoke(auth: AuthContext, id: number): Promise<ApiToken> {
      const row = await db.transaction(async (tx) => {
        const revoked = await repo.revokeApiToken(tx, auth.organization.id, id, clock.now());
        if (revoked)
          await recordAudit(tx, 'api-token.revoked', {
            before: { ...revoked, revokedAt: null },
            after: revoked,
          });
        return revoked;
      });
      if (!row) throw notFound(ApiTokenMessages.notFound);
      cache?.forgetAll();
      return toDto(row);
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;
