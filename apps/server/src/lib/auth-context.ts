import type { ApiTokenScope } from '@store/core';
import type { Db, DbOrTx } from '../db/client';
import type { organizations, persons } from '../db/schema';
import type { Clock } from './clock';
import type { ReadCache } from './read-cache';

export type PersonRow = typeof persons.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * Who makes a signed-in request. It lives below the modules because route security (plugins/) reads
 * it on every request and every module's routes are handed it; identity fills it.
 */
export interface AuthContext {
  person: PersonRow;
  organization: OrganizationRow;
  sessionId: number;
  /**
   * The person must set up two-factor sign-in before anything else: the organization requires it of
   * its admins, an admin reset it, or the person is a store operator (always, docs/decisions/015). Only routes marked allowDuringTwoFactorSetup answer them.
   */
  twoFactorSetupRequired: boolean;
  /**
   * Set when an organization API token makes the request (docs/decisions/026): the caller is the
   * token, not a person. `person` is then a stand-in with an admin's rights inside the token's scopes
   * and a negative id no person has, so no check of "yourself" ever matches it.
   */
  apiToken?: ApiTokenCaller;
}

/** The organization API token behind a request, as route security and the Activity log see it. */
export interface ApiTokenCaller {
  id: number;
  name: string;
  scopes: readonly ApiTokenScope[];
}

/**
 * Resolves an organization API token (`sk_org_…`) on the routes that admit one; the api-tokens module
 * implements it. Null for an unknown, revoked or expired token. `address` is recorded as its last use.
 */
export interface ApiTokenResolver {
  resolve(token: string, address: string): Promise<AuthContext | null>;
}

/**
 * A session as the read cache keeps it (docs/decisions/021): its context, and the times that decide
 * whether the cached copy may still answer, read with the injected clock.
 */
export interface CachedSession {
  context: AuthContext;
  lastUsedAt: number;
  expiresAt: number;
}

/** What the services that resolve a bearer credential (a session, an API token) are built from. */
export interface CredentialResolverDeps {
  db: Db;
  clock: Clock;
  /**
   * The sessions' read cache (plugins/read-caches.ts), which API tokens share so that whatever makes
   * the servers forget the sessions forgets the tokens too; without one (the worker, the command
   * line) every resolve reads the database.
   */
  cache?: ReadCache<string, CachedSession>;
}

/** Where a session was opened from, shown to its owner in their list of sessions. */
export interface SessionOrigin {
  userAgent: string;
  address: string;
}

/**
 * The sessions behind bearer tokens. The platform resolves a token on every request and the modules
 * end sessions, so the contract sits here; identity implements it (createSessionService).
 */
export interface SessionService {
  issue(personId: number, origin?: SessionOrigin): Promise<string>;
  resolve(token: string): Promise<AuthContext | null>;
  revoke(sessionId: number): Promise<void>;
  /** Housekeeping: sessions past their expiry are deleted; answers how many. */
  deleteExpired(): Promise<number>;
  /**
   * Every token of the person stops at once, but for the session named; answers how many ended. Given
   * the caller's transaction, the sessions end only if the change that ends them commits.
   */
  revokeAllFor(personId: number, exceptSessionId?: number, tx?: DbOrTx): Promise<number>;
}
