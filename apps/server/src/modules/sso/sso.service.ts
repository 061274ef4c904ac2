import {
  type ClaimedDomain,
  claimVerifiedAtOnce,
  emailDomain,
  isAdmin,
  type LoginResponse,
  normalDomain,
  type PutSsoConfig,
  passwordSignInAllowed,
  Rights,
  SsoMessages,
  type SsoRefusal,
  type SsoSettings,
} from '@store/core';
import * as oidc from 'openid-client';
import type { AppDeps } from '../../app-deps';
import type { AuthContext, PersonRow } from '../../lib/auth-context';
import { badRequest, conflict, DomainError, notFound } from '../../lib/domain-error';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { hashToken, randomToken } from '../../lib/tokens';
import type { OrganizationsService } from '../accounts';
import { toOrganizationDto, toPersonDto } from '../identity';
import type { TwoFactorService } from '../two-factor';
import { toDomainDto } from './domain-dto';
import { oidcRefusal } from './oidc-refusal';
import * as repo from './sso.repository';

/** How long a person may take at the provider before the answer is refused as expired. */
export const ATTEMPT_LIFETIME_MS = 10 * 60_000;
/** The one-time ticket the web trades for the session right after the redirect. */
export const TICKET_LIFETIME_MS = 60_000;
export const CALLBACK_PATH = '/api/sso/oidc/callback';
/** The web's screen that trades the ticket, or shows a refusal (apps/web app/routes/sso). */
export const WEB_SSO_PATH = '/sso';

/** A refused single sign-on: the web shows the message of its code; nothing was changed. */
export class SsoRefused extends Error {
  constructor(readonly refusal: SsoRefusal) {
    super(SsoMessages.refusals[refusal]);
  }
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'sessions'> & {
  config: Pick<AppDeps['config'], 'publicUrl'>;
  /** The server's key for secrets it reads back (two-factor's), which seals the client secrets. */
  secretKey: () => Promise<Buffer>;
  organizations: Pick<OrganizationsService, 'findOrProvisionSsoPerson'>;
  twoFactor: Pick<TwoFactorService, 'enabled'>;
};

/**
 * Single sign-on with OpenID Connect (docs/decisions/036): the set-up and claimed domains an admin
 * keeps, and the sign-in (authorization code with PKCE, state and nonce kept server-side, single
 * use) that ends in an ordinary session of the organization that claimed the address's domain.
 */
export function createSsoService(deps: Deps) {
  const { db, clock, sessions } = deps;
  const redirectUri = `${deps.config.publicUrl}${CALLBACK_PATH}`;

  /** http:// is accepted only for a provider on this machine (core's isAcceptableIssuer). */
  const discoveryOptions = (issuer: string): oidc.DiscoveryRequestOptions => ({
    execute: issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
  });

  async function discover(config: repo.SsoConfigRow) {
    const secret = openSecret(await deps.secretKey(), config.clientSecretBox);
    return oidc.discovery(
      new URL(config.issuer),
      config.clientId,
      { redirect_uris: [redirectUri], response_types: ['code'] },
      oidc.ClientSecretPost(secret),
      discoveryOptions(config.issuer),
    );
  }

  /** The organization whose verified claim covers the address, with its set-up; null: none offers SSO. */
  async function offeredFor(email: string) {
    const domain = emailDomain(email);
    if (!domain) return null;
    const claim = await repo.verifiedClaim(db, domain);
    if (!claim) return null;
    const config = await repo.findConfig(db, claim.organizationId);
    return config ? { claim, config } : null;
  }

  return {
    redirectUri,

    async settings(auth: AuthContext): Promise<SsoSettings> {
      const row = await repo.findConfig(db, auth.organization.id);
      return {
        redirectUri,
        config: row
          ? {
              kind: row.kind,
              issuer: row.issuer,
              clientId: row.clientId,
              clientSecretSet: true,
              enforced: row.enforced,
            }
          : null,
      };
    },

    /** PUT: the provider must answer its discovery document before anything is kept. */
    async putConfig(auth: AuthContext, input: PutSsoConfig): Promise<SsoSettings> {
      const organizationId = auth.organization.id;
      const existing = await repo.findConfig(db, organizationId);
      const key = await deps.secretKey();
      let clientSecretBox = existing?.clientSecretBox;
      if (input.clientSecret) clientSecretBox = sealSecret(key, input.clientSecret);
      if (!clientSecretBox) throw badRequest(SsoMessages.clientSecretRequired, 'clientSecret');
      const candidate: repo.SsoConfigRow = {
        organizationId,
        kind: 'oidc',
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecretBox,
        enforced: input.enforced ?? existing?.enforced ?? false,
        updatedAt: clock.now(),
      };
      if (!existing || existing.issuer !== input.issuer) {
        try {
          await discover(candidate);
        } catch {
          throw badRequest(SsoMessages.discoveryFailed, 'issuer');
        }
      }
      await repo.upsertConfig(db, candidate);
      return this.settings(auth);
    },

    async deleteConfig(auth: AuthContext) {
      const removed = await repo.deleteConfig(db, auth.organization.id);
      if (!removed) throw notFound(SsoMessages.notConfigured);
    },

    async listDomains(auth: AuthContext) {
      return (await repo.listDomains(db, auth.organization.id)).map(toDomainDto);
    },

    /**
     * An admin claims a domain: at once when their own verified address is at it, else pending until
     * the store's operator verifies it. A domain verified for another organization is refused.
     */
    async claimDomain(auth: AuthContext, typed: string): Promise<ClaimedDomain> {
      const domain = normalDomain(typed);
      if (!domain) throw badRequest(SsoMessages.domainInvalid, 'domain');
      const organizationId = auth.organization.id;
      return db.transaction(async (tx) => {
        if (await repo.findDomain(tx, organizationId, domain))
          throw conflict(SsoMessages.domainAlreadyClaimed);
        const taken = await repo.verifiedClaim(tx, domain);
        if (taken) throw conflict(SsoMessages.domainTaken);
        const now = clock.now();
        let row = await repo.insertDomain(tx, { organizationId, domain, createdAt: now });
        if (claimVerifiedAtOnce(domain, auth.person)) row = await repo.verifyDomain(tx, row.id, 'email', now);
        return toDomainDto(row);
      });
    },

    async releaseDomain(auth: AuthContext, typed: string) {
      const domain = normalDomain(typed);
      if (!domain) throw badRequest(SsoMessages.domainInvalid, 'domain');
      const row = await repo.findDomain(db, auth.organization.id, domain);
      if (!row) throw notFound(SsoMessages.domainNotFound);
      await repo.deleteDomain(db, row.id);
    },

    /** GET /api/sso/offered: yes or no, nothing about which organization. */
    async offered(email = '') {
      return { sso: (await offeredFor(email)) !== null };
    },

    /** The provider's authorization URL for the address; state, nonce and verifier kept server-side. */
    async start(email = ''): Promise<URL> {
      const offered = await offeredFor(email);
      if (!offered) throw new SsoRefused('not-offered');
      let configuration: oidc.Configuration;
      try {
        configuration = await discover(offered.config);
      } catch {
        throw new SsoRefused('provider-unreachable');
      }
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = clock.now();
      await repo.insertAttempt(db, {
        stateHash: hashToken(state),
        organizationId: offered.config.organizationId,
        nonce,
        codeVerifier,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ATTEMPT_LIFETIME_MS),
      });
      return oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        login_hint: email.trim(),
      });
    },

    /**
     * The provider's answer. Each check refuses with its own reason and changes nothing but the
     * attempt's single use; success provisions the person if new and leaves a one-time ticket.
     */
    async callback(currentUrl: URL): Promise<string> {
      const state = currentUrl.searchParams.get('state');
      if (!state) throw new SsoRefused('state-mismatch');
      const attempt = await repo.findAttempt(db, hashToken(state));
      if (!attempt) throw new SsoRefused('state-mismatch');
      if (attempt.usedAt) throw new SsoRefused('replayed');
      const now = clock.now();
      if (attempt.expiresAt.getTime() <= now.getTime()) throw new SsoRefused('expired');
      if (!(await repo.useAttempt(db, attempt.id, now))) throw new SsoRefused('replayed');
      const config = await repo.findConfig(db, attempt.organizationId);
      if (!config) throw new SsoRefused('not-offered');
      let claims: oidc.IDToken;
      try {
        const configuration = await discover(config);
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims()!;
      } catch (error) {
        throw new SsoRefused(oidcRefusal(error));
      }
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      // The provider vouches for the address only if it says it verified it; the domain must be one
      // this organization holds a verified claim on.
      if (!email || claims.email_verified === false) throw new SsoRefused('outside-domains');
      const claim = await repo.verifiedClaim(db, emailDomain(email));
      if (!claim || claim.organizationId !== attempt.organizationId) throw new SsoRefused('outside-domains');
      const ticket = randomToken(32);
      await db.transaction(async (tx) => {
        const { person } = await deps.organizations.findOrProvisionSsoPerson(tx, {
          organizationId: attempt.organizationId,
          email,
          firstName: textClaim(claims.given_name) || textClaim(claims.name) || email.split('@')[0]!,
          lastName: textClaim(claims.family_name),
          // The organization's default role for people the provider brings: a user.
          rights: Rights.User,
        });
        await repo.setTicket(tx, attempt.id, {
          ticketHash: hashToken(ticket),
          personId: person.id,
          ticketExpiresAt: new Date(now.getTime() + TICKET_LIFETIME_MS),
        });
      });
      return ticket;
    },

    /** POST /api/sso/exchange: the ticket once, for an ordinary session, answered as sign-in is. */
    async exchange(ticket: string, origin: { userAgent: string; address: string }): Promise<LoginResponse> {
      const personId = await repo.takeTicket(db, hashToken(ticket), clock.now());
      if (personId === null) throw new DomainError('BAD_REQUEST', SsoMessages.ticketInvalid);
      const token = await sessions.issue(personId, origin);
      const context = await sessions.resolve(token);
      if (!context) throw new DomainError('BAD_REQUEST', SsoMessages.ticketInvalid);
      return {
        success: true,
        token,
        person: toPersonDto(context.person),
        organization: toOrganizationDto(context.organization),
        possibleOrganizations: [],
        error: null,
        twoFactorSetupRequired: context.twoFactorSetupRequired,
      };
    },

    /**
     * For identity's password sign-in: whether the organization enforces single sign-on for this
     * person's address, bar an admin with two-factor (core's passwordSignInAllowed).
     */
    async passwordAllowed(person: PersonRow) {
      const config = await repo.findConfig(db, person.organizationId);
      if (!config?.enforced) return true;
      const claim = await repo.verifiedClaim(db, emailDomain(person.email));
      const enforced = claim?.organizationId === person.organizationId;
      return passwordSignInAllowed({
        enforced,
        isAdmin: isAdmin(person),
        twoFactor: enforced && isAdmin(person) ? await deps.twoFactor.enabled(person.id) : false,
      });
    },
  };
}

const textClaim = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');

export type SsoService = ReturnType<typeof createSsoService>;
