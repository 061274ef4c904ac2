import * as oidc from 'openid-client';
import type { AppDeps } from '../../app-deps';
import { openSecret } from '../../lib/secret-box';
import { hashToken } from '../../lib/tokens';
import { oidcRefusal } from './oidc-refusal';
import * as repo from './sso.repository';
import { SsoRefused } from './sso-refused';
import { type FinishDeps, finishSignIn, spendAttempt } from './sso-sign-in-finish';

/** How long a person may take at the provider before the answer is refused as expired. */
export const ATTEMPT_LIFETIME_MS = 10 * 60_000;
export const CALLBACK_PATH = '/api/sso/oidc/callback';

export type OidcDeps = FinishDeps & {
  config: Pick<AppDeps['config'], 'publicUrl'>;
  /** The server's key for secrets it reads back (two-factor's), which seals the client secrets. */
  secretKey: () => Promise<Buffer>;
};

/**
 * OpenID Connect's sign-in (docs/decisions/036): authorization code with PKCE, state and nonce kept
 * server-side and single use; openid-client (the certified relying-party library) checks the answer.
 */
export function createOidcSignIn(deps: OidcDeps) {
  const { db, clock } = deps;
  const redirectUri = `${deps.config.publicUrl}${CALLBACK_PATH}`;

  /** http:// is accepted only for a provider on this machine (core's isAcceptableIssuer). */
  const discoveryOptions = (issuer: string): oidc.DiscoveryRequestOptions => ({
    execute: issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
  });

  async function discover(config: Pick<repo.SsoConfigRow, 'issuer' | 'clientId' | 'clientSecretBox'>) {
    const secret = openSecret(await deps.secretKey(), config.clientSecretBox ?? '');
    return oidc.discovery(
      new URL(config.issuer),
      config.clientId ?? '',
      { redirect_uris: [redirectUri], response_types: ['code'] },
      oidc.ClientSecretPost(secret),
      discoveryOptions(config.issuer),
    );
  }

  return {
    redirectUri,
    discover,

    /** The provider's authorization URL for the address; state, nonce and verifier kept server-side. */
    async start(config: repo.SsoConfigRow, email: string): Promise<URL> {
      let configuration: oidc.Configuration;
      try {
        configuration = await discover(config);
      } catch {
        throw new SsoRefused('provider-unreachable');
      }
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = clock.now();
      await repo.insertAttempt(db, {
        stateHash: hashToken(state),
        organizationId: config.organizationId,
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
    async callback(currentUrl: URL) {
      const state = currentUrl.searchParams.get('state');
      if (!state) throw new SsoRefused('state-mismatch');
      const attempt = await repo.findAttempt(db, hashToken(state));
      if (!attempt) throw new SsoRefused('state-mismatch');
      const organizationId = attempt.organizationId;
      const { config } = await spendAttempt(deps, attempt, 'oidc');
      let claims: oidc.IDToken;
      try {
        const configuration = await discover(config);
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: attempt.codeVerifier ?? '',
          expectedState: state,
          expectedNonce: attempt.nonce ?? '',
          idTokenExpected: true,
        });
        claims = tokens.claims()!;
      } catch (error) {
        throw new SsoRefused(oidcRefusal(error), organizationId);
      }
      // The provider vouches for the address only if it says it verified it.
      if (claims.email_verified === false) throw new SsoRefused('outside-domains', organizationId);
      return finishSignIn(deps, {
        protocol: 'oidc',
        attemptId: attempt.id,
        organizationId,
        email: typeof claims.email === 'string' ? claims.email : '',
        firstName: textClaim(claims.given_name) || textClaim(claims.name),
        lastName: textClaim(claims.family_name),
        defaultRole: config.defaultRole,
      });
    },
  };
}

const textClaim = (value: unknown) => (typeof value === 'string' ? value : '');
