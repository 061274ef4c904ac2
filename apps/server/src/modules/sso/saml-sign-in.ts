import { type CacheProvider, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { AppDeps } from '../../app-deps';
import { hashToken } from '../../lib/tokens';
import { ATTEMPT_LIFETIME_MS } from './oidc-sign-in';
import { assertionWindowRefusal, readAnswer, type SignedAssertion, samlRefusal } from './saml-answer';
import * as repo from './sso.repository';
import { SsoRefused } from './sso-refused';
import { type FinishDeps, finishSignIn, spendAttempt } from './sso-sign-in-finish';

export const ACS_PATH = '/api/sso/saml/acs';
export const SP_METADATA_PATH = '/api/sso/saml/metadata';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export type SamlDeps = FinishDeps & { config: Pick<AppDeps['config'], 'publicUrl'> };

/**
 * SAML 2.0's sign-in (docs/decisions/037): an AuthnRequest by HTTP-Redirect, the answer POSTed to
 * the ACS. node-saml (the maintained service-provider library) checks the signature against the
 * certificates of the IdP's metadata, the audience and InResponseTo; the store checks the issuer,
 * the times with its own clock, the single use of the request and of the assertion id.
 */
export function createSamlSignIn(deps: SamlDeps) {
  const { db, clock } = deps;
  const acsUrl = `${deps.config.publicUrl}${ACS_PATH}`;
  /** The store's entity id for an organization: one per organization, so one answer fits one. */
  const spEntityId = (organizationId: number) =>
    `${deps.config.publicUrl}${SP_METADATA_PATH}/${organizationId}`;

  function client(organizationId: number, config: repo.SsoConfigRow | null, cacheProvider?: CacheProvider) {
    return new SAML({
      callbackUrl: acsUrl,
      issuer: spEntityId(organizationId),
      audience: spEntityId(organizationId),
      entryPoint: config?.samlSsoUrl ?? undefined,
      // Only for the SP metadata, which names no certificate: node-saml wants one all the same.
      idpCert: config?.samlCertificates?.split('\n') ?? 'none',
      identifierFormat: EMAIL_FORMAT,
      // Signed answer or signed assertion: node-saml requires one of the two when neither is forced.
      wantAuthnResponseSigned: false,
      wantAssertionsSigned: false,
      // The times are checked against the store's clock (assertionWindowRefusal), not the machine's.
      acceptedClockSkewMs: -1,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: ATTEMPT_LIFETIME_MS,
      cacheProvider,
      disableRequestedAuthnContext: true,
      signatureAlgorithm: 'sha256',
    });
  }

  return {
    acsUrl,
    spEntityId,
    spMetadataUrl: spEntityId,

    /** The store's SP metadata for an organization, to give the identity provider. */
    metadata: (organizationId: number) =>
      client(organizationId, null).generateServiceProviderMetadata(null, null),

    /** The provider's sign-in URL with a fresh AuthnRequest, its ID kept as the attempt. */
    async start(config: repo.SsoConfigRow): Promise<URL> {
      let requestId = '';
      const capture: CacheProvider = {
        saveAsync: async (key, value) => {
          requestId = key;
          return { value, createdAt: Date.now() };
        },
        getAsync: async () => null,
        removeAsync: async () => null,
      };
      const url = await client(config.organizationId, config, capture).getAuthorizeUrlAsync(
        '',
        undefined,
        {},
      );
      const now = clock.now();
      await repo.insertAttempt(db, {
        stateHash: hashToken(requestId),
        organizationId: config.organizationId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ATTEMPT_LIFETIME_MS),
      });
      return new URL(url);
    },

    /**
     * The answer POSTed to the ACS. Refusals change nothing but the attempt's single use (and they
     * name the organization once the answer is tied to one of its attempts, for its Activity log).
     */
    async acs(samlResponse: string) {
      const answer = readAnswer(samlResponse);
      if (!answer?.inResponseTo) throw new SsoRefused('state-mismatch');
      const attempt = await repo.findAttempt(db, hashToken(answer.inResponseTo));
      // An OpenID attempt has a nonce: its state is no AuthnRequest ID.
      if (!attempt || attempt.nonce !== null) throw new SsoRefused('state-mismatch');
      const organizationId = attempt.organizationId;
      const { config, now } = await spendAttempt(deps, attempt, 'saml');
      // The request this answer names is this attempt's, checked above with the store's clock:
      // node-saml's own age check (against the machine's clock) is handed the moment of checking.
      const thisRequest: CacheProvider = {
        saveAsync: async () => null,
        getAsync: async (key) => (key === answer.inResponseTo ? new Date().toISOString() : null),
        removeAsync: async () => null,
      };
      let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
      try {
        ({ profile } = await client(organizationId, config, thisRequest).validatePostResponseAsync({
          SAMLResponse: samlResponse,
        }));
      } catch (error) {
        throw new SsoRefused(samlRefusal(error, answer), organizationId);
      }
      if (!profile) throw new SsoRefused('provider-refused', organizationId);
      if (profile.issuer !== config.issuer) throw new SsoRefused('wrong-issuer', organizationId);
      const assertion = profile.getAssertion?.() as SignedAssertion | undefined;
      const window = assertionWindowRefusal(assertion, now);
      if (window.refusal) throw new SsoRefused(window.refusal, organizationId);
      const assertionId = assertion?.Assertion?.$?.ID;
      if (!assertionId) throw new SsoRefused('provider-refused', organizationId);
      if (!(await repo.rememberAssertion(db, organizationId, assertionId, window.until)))
        throw new SsoRefused('replayed', organizationId);
      const attribute = (name: string) => {
        const value = (profile.attributes as Record<string, unknown> | undefined)?.[name];
        return typeof value === 'string' ? value : '';
      };
      const email =
        attribute('email') || (profile.nameIDFormat === EMAIL_FORMAT ? (profile.nameID ?? '') : '');
      return finishSignIn(deps, {
        protocol: 'saml',
        attemptId: attempt.id,
        organizationId,
        email,
        firstName: attribute('firstName') || attribute('givenName'),
        lastName: attribute('lastName') || attribute('surname'),
        defaultRole: config.defaultRole,
      });
    },
  };
}

export type SamlSignIn = ReturnType<typeof createSamlSignIn>;
