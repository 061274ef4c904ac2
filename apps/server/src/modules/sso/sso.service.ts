import {
  type ClaimedDomain,
  claimVerifiedAtOnce,
  emailDomain,
  isAdmin,
  type LoginResponse,
  normalDomain,
  type PutOidcConfig,
  type PutSamlConfig,
  type PutSsoConfig,
  passwordSignInAllowed,
  SsoMessages,
  type SsoSettings,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { AuthContext, PersonRow } from '../../lib/auth-context';
import { badRequest, conflict, DomainError, notFound } from '../../lib/domain-error';
import { sealSecret } from '../../lib/secret-box';
import { hashToken } from '../../lib/tokens';
import { recordAudit } from '../audit';
import { toOrganizationDto, toPersonDto } from '../identity';
import type { TwoFactorService } from '../two-factor';
import { toDomainDto } from './domain-dto';
import { createOidcSignIn, type OidcDeps } from './oidc-sign-in';
import { fetchIdpMetadata, type IdpMetadata, parseIdpMetadata } from './saml-metadata';
import { createSamlSignIn } from './saml-sign-in';
import * as repo from './sso.repository';
import { SsoRefused } from './sso-refused';

export { SsoRefused } from './sso-refused';
/** The web's screen that trades the ticket, or shows a refusal (apps/web app/routes/sso). */
export const WEB_SSO_PATH = '/sso';

type Deps = OidcDeps &
  Pick<AppDeps, 'sessions'> & {
    twoFactor: Pick<TwoFactorService, 'enabled'>;
  };

/**
 * Single sign-on (docs/decisions/036 and 037): the set-up (OpenID Connect or SAML 2.0) and claimed
 * domains an admin keeps, and the sign-in that ends in an ordinary session of the organization that
 * claimed the address's domain.
 */
export function createSsoService(deps: Deps) {
  const { db, clock, sessions } = deps;
  const oidc = createOidcSignIn(deps);
  const saml = createSamlSignIn(deps);

  /** The organization whose verified claim covers the address, with its set-up; null: none offers SSO. */
  async function offeredFor(email: string) {
    const domain = emailDomain(email);
    if (!domain) return null;
    const claim = await repo.verifiedClaim(db, domain);
    if (!claim) return null;
    return repo.findConfig(db, claim.organizationId);
  }

  async function putOidc(organizationId: number, input: PutOidcConfig, existing: repo.SsoConfigRow | null) {
    const key = await deps.secretKey();
    let clientSecretBox = existing?.kind === 'oidc' ? existing.clientSecretBox : null;
    if (input.clientSecret) clientSecretBox = sealSecret(key, input.clientSecret);
    if (!clientSecretBox) throw badRequest(SsoMessages.clientSecretRequired, 'clientSecret');
    const candidate = { issuer: input.issuer, clientId: input.clientId, clientSecretBox };
    if (existing?.kind !== 'oidc' || existing.issuer !== input.issuer) {
      try {
        await oidc.discover(candidate);
      } catch {
        throw badRequest(SsoMessages.discoveryFailed, 'issuer');
      }
    }
    return { organizationId, kind: 'oidc' as const, ...candidate };
  }

  /** SAML: the metadata pasted, or read from its URL now; neither keeps what is kept. */
  async function putSaml(organizationId: number, input: PutSamlConfig, existing: repo.SsoConfigRow | null) {
    const xml = input.metadataXml || '';
    const url = input.metadataUrl || '';
    if (xml && url) throw badRequest(SsoMessages.metadataBoth, 'metadataUrl');
    let metadata: IdpMetadata;
    if (xml) metadata = parseIdpMetadata(xml, 'metadataXml');
    else if (url) metadata = await fetchIdpMetadata(url);
    else if (existing?.kind === 'saml' && existing.samlSsoUrl && existing.samlCertificates) {
      metadata = {
        entityId: existing.issuer,
        ssoUrl: existing.samlSsoUrl,
        certificates: existing.samlCertificates.split('\n'),
      };
    } else throw badRequest(SsoMessages.metadataRequired, 'metadataXml');
    return {
      organizationId,
      kind: 'saml' as const,
      issuer: metadata.entityId,
      samlSsoUrl: metadata.ssoUrl,
      samlCertificates: metadata.certificates.join('\n'),
      // Pasted metadata replaces a URL; kept metadata keeps its URL.
      samlMetadataUrl: url || (xml ? null : (existing?.samlMetadataUrl ?? null)),
    };
  }

  /**
   * A refused answer tied to an organization's attempt goes to its Activity log: the protocol and
   * the refusal's code, never the answer itself.
   */
  function auditRefusal<A, R>(protocol: 'oidc' | 'saml', work: (answer: A) => Promise<R>) {
    return async (answer: A) => {
      try {
        return await work(answer);
      } catch (error) {
        if (error instanceof SsoRefused && error.organizationId !== null)
          await recordAudit(db, 'sso.refused', {
            after: { kind: protocol, refusal: error.refusal },
            organizationId: error.organizationId,
          });
        throw error;
      }
    };
  }

  return {
    redirectUri: oidc.redirectUri,
    callback: auditRefusal('oidc', oidc.callback),
    samlAcs: auditRefusal('saml', saml.acs),
    samlMetadata: saml.metadata,

    async settings(auth: AuthContext): Promise<SsoSettings> {
      const organizationId = auth.organization.id;
      const row = await repo.findConfig(db, organizationId);
      const common = row && { enforced: row.enforced, defaultRole: row.defaultRole };
      return {
        redirectUri: oidc.redirectUri,
        saml: {
          entityId: saml.spEntityId(organizationId),
          acsUrl: saml.acsUrl,
          metadataUrl: saml.spMetadataUrl(organizationId),
        },
        config: !row
          ? null
          : row.kind === 'oidc'
            ? {
                kind: 'oidc',
                issuer: row.issuer,
                clientId: row.clientId ?? '',
                clientSecretSet: true,
                ...common!,
              }
            : {
                kind: 'saml',
                entityId: row.issuer,
                ssoUrl: row.samlSsoUrl ?? '',
                metadataUrl: row.samlMetadataUrl,
                ...common!,
              },
      };
    },

    /** PUT: the provider's discovery document or metadata must be read before anything is kept. */
    async putConfig(auth: AuthContext, input: PutSsoConfig): Promise<SsoSettings> {
      const organizationId = auth.organization.id;
      const existing = await repo.findConfig(db, organizationId);
      const protocol =
        input.kind === 'oidc'
          ? await putOidc(organizationId, input, existing)
          : await putSaml(organizationId, input, existing);
      await db.transaction(async (tx) => {
        const row = await repo.upsertConfig(tx, {
          ...protocol,
          enforced: input.enforced ?? existing?.enforced ?? false,
          defaultRole: input.defaultRole ?? existing?.defaultRole ?? 'user',
          updatedAt: clock.now(),
        });
        // A new client secret shows as a change naming no field: the secret itself is never logged.
        await recordAudit(tx, existing ? 'sso.updated' : 'sso.created', { before: existing, after: row });
      });
      return this.settings(auth);
    },

    async deleteConfig(auth: AuthContext) {
      await db.transaction(async (tx) => {
        const removed = await repo.deleteConfig(tx, auth.organization.id);
        if (!removed) throw notFound(SsoMessages.notConfigured);
        await recordAudit(tx, 'sso.deleted', { before: removed });
      });
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
        await recordAudit(tx, 'sso-domain.created', { after: row });
        return toDomainDto(row);
      });
    },

    async releaseDomain(auth: AuthContext, typed: string) {
      const domain = normalDomain(typed);
      if (!domain) throw badRequest(SsoMessages.domainInvalid, 'domain');
      await db.transaction(async (tx) => {
        const row = await repo.findDomain(tx, auth.organization.id, domain);
        if (!row) throw notFound(SsoMessages.domainNotFound);
        await repo.deleteDomain(tx, row.id);
        await recordAudit(tx, 'sso-domain.deleted', { before: row });
      });
    },

    /** GET /api/sso/offered: yes or no, nothing about which organization. */
    async offered(email = '') {
      return { sso: (await offeredFor(email)) !== null };
    },

    /** Where the browser goes to sign in with the address: its organization's provider. */
    async start(email = ''): Promise<URL> {
      const config = await offeredFor(email);
      if (!config) throw new SsoRefused('not-offered');
      return config.kind === 'oidc' ? oidc.start(config, email) : saml.start(config);
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

export type SsoService = ReturnType<typeof createSsoService>;
