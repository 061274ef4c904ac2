import { z } from 'zod/mini';

// Single sign-on with OpenID Connect and claimed e-mail domains (docs/design.md §5a,
// docs/decisions/036): the provider vouches for the person; the store still decides the
// organization and the rights.

export const SSO_DOMAIN_MAX = 253;
export const SSO_TEXT_MAX = 2000;

/** Why a single sign-on ended without a session; the web's /sso screen shows the message of its code. */
export const SSO_REFUSALS = [
  'expired',
  'replayed',
  'wrong-audience',
  'wrong-issuer',
  'state-mismatch',
  'nonce-mismatch',
  'outside-domains',
  'not-offered',
  'provider-refused',
  'provider-unreachable',
  // SAML 2.0 (docs/decisions/037): neither the answer nor its assertion is signed, or not by the
  // certificate the provider's metadata names.
  'unsigned',
  'bad-signature',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

export const SsoMessages = {
  heading: 'Single sign-on',
  menuItem: 'Single sign-on',
  intro:
    "Let your organization's people sign in through your identity provider, with OpenID Connect or SAML 2.0. Register the store at the provider, then enter what it gives you.",
  protocolLabel: 'Protocol',
  oidcHeading: 'OpenID Connect',
  samlHeading: 'SAML 2.0',
  // SAML 2.0 (docs/decisions/037).
  spEntityIdLabel: 'Entity ID (audience)',
  acsUrlLabel: 'Assertion consumer service URL',
  spMetadataDownload: 'Download the store’s SAML metadata',
  metadataSourceLabel: 'Identity provider metadata',
  metadataPaste: 'Paste XML',
  metadataFromUrl: 'From a URL',
  metadataXmlLabel: 'Metadata XML',
  metadataXmlDescription: 'The SAML 2.0 metadata your identity provider offers for download.',
  metadataUrlLabel: 'Metadata URL',
  metadataUrlDescription: 'Read when you save, and read again each time you save.',
  metadataKept: (entityId: string) =>
    `The metadata of ${entityId} is kept. Leave this empty to keep it, or give new metadata to replace it.`,
  metadataRequired: 'Paste the identity provider’s metadata XML or enter its URL',
  metadataBoth: 'Give the metadata XML or its URL, not both',
  metadataUrlInvalid: 'Metadata URL must be an https:// address',
  metadataTooLong: 'Metadata XML must be at most 200000 characters',
  metadataUnreadable:
    'This is not SAML 2.0 metadata of an identity provider: an EntityDescriptor with an IDPSSODescriptor was expected.',
  metadataNoSsoUrl:
    'The metadata names no single sign-on URL with the HTTP-Redirect binding, so the store cannot send people there.',
  metadataNoCertificate:
    'The metadata names no valid signing certificate: the store accepts only answers the provider signed.',
  metadataFetchFailed:
    'The metadata could not be read from that URL: no answer within 5 seconds, an error, or more than 1 MB.',
  idpEntityIdLabel: 'Identity provider',
  idpSsoUrlLabel: 'Sign-in URL',
  // Both protocols.
  defaultRoleLabel: 'Role of people single sign-on creates',
  defaultRoleDescription:
    'Someone signing in for the first time is created as a user with this role. Administrators are only ever made by an administrator.',
  defaultRoleUser: 'User (no role)',
  redirectUriLabel: 'Redirect URI',
  issuerLabel: 'Issuer URL',
  issuerDescription:
    'The provider’s issuer; its discovery document is read from /.well-known/openid-configuration',
  clientIdLabel: 'Client ID',
  clientSecretLabel: 'Client secret',
  clientSecretKept: 'A client secret is kept. Leave this empty to keep it.',
  enforcedLabel: 'Require single sign-on',
  enforcedDescription:
    'Passwords are refused for people at your claimed domains, except administrators with two-factor sign-in, who can still get in if the provider fails.',
  save: 'Save',
  saved: 'Single sign-on saved.',
  remove: 'Remove single sign-on',
  removed: 'Single sign-on removed.',
  domainsHeading: 'Claimed domains',
  domainsIntro:
    'People whose e-mail address is at a claimed domain are offered single sign-on. You can claim the domain of your own verified address; the store verifies others.',
  domainLabel: 'Domain',
  claim: 'Claim domain',
  claimed: (domain: string) => `Domain ${domain} claimed.`,
  released: (domain: string) => `Domain ${domain} released.`,
  release: 'Release',
  verified: 'Verified',
  pending: 'Waiting for the store to verify it',
  noDomains: 'Your organization has claimed no domains.',
  // The operator's console (organization page).
  opsNoDomains: 'The organization has claimed no domains.',
  opsVerify: 'Verify',
  opsVerified: (domain: string) => `Domain ${domain} is verified: its people are offered single sign-on.`,
  // Sign-in.
  continueWithSso: 'Continue with single sign-on',
  signingIn: 'Signing you in…',
  backToSignIn: 'Back to sign in',
  // Validation and refusals of the set-up.
  issuerInvalid: 'Issuer URL must be an https:// address',
  clientIdRequired: 'Client ID is required',
  clientSecretRequired: 'Client secret is required',
  domainInvalid: 'Enter a domain such as example.com',
  domainTaken: 'Another organization has claimed this domain.',
  domainAlreadyClaimed: 'Your organization has already claimed this domain.',
  domainNotFound: 'Your organization has not claimed this domain.',
  notConfigured: 'Single sign-on is not set up for your organization.',
  discoveryFailed:
    'The identity provider could not be reached at that issuer URL, or it does not publish an OpenID Connect discovery document.',
  ticketInvalid: 'This sign-in link has expired or was already used. Please sign in again.',
  /** Enforcement: a password sign-in of a person at a claimed domain (docs/decisions/036). */
  passwordRefused:
    'Your organization requires single sign-on. Use "Continue with single sign-on" instead of a password.',
  refusals: {
    expired: 'The single sign-on took too long and expired. Please start again.',
    replayed: 'This single sign-on answer was already used. Please start again.',
    'wrong-audience':
      "The identity provider's answer was meant for another application. Ask your administrator to check the single sign-on set-up.",
    'wrong-issuer':
      "The answer did not come from your organization's identity provider. Ask your administrator to check the single sign-on set-up.",
    'state-mismatch':
      'The answer from the identity provider does not belong to the sign-in started in this browser. Please start again.',
    'nonce-mismatch':
      'The identity provider’s answer does not belong to the sign-in started in this browser. Please start again.',
    'outside-domains':
      "The identity provider signed you in with an e-mail address outside your organization's claimed domains.",
    'not-offered': 'Single sign-on is not offered for this e-mail address.',
    'provider-refused': 'The identity provider did not sign you in.',
    'provider-unreachable': 'The identity provider could not be reached. Please try again later.',
    unsigned:
      "The identity provider's answer was not signed, so the store cannot trust it. Ask your administrator to check the single sign-on set-up.",
    'bad-signature':
      "The identity provider's answer was not signed with your organization's identity provider certificate. Ask your administrator to check the single sign-on set-up.",
  } satisfies Record<SsoRefusal, string>,
} as const;

/** The domain part of an address, lower case; '' when there is none. */
export const emailDomain = (email: string) => {
  const at = email.trim().lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .trim()
        .slice(at + 1)
        .toLowerCase();
};

/** A domain name of two labels or more; its length (SSO_DOMAIN_MAX) normalDomain checks. */
const DOMAIN_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
/** Stated in the API document; what it cannot state (no query, no credentials) isAcceptableIssuer checks. */
export const ISSUER_PATTERN =
  /^(?:https:\/\/\S+|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::[0-9]+)?(?:\/\S*)?)$/;

/**
 * An admin claims a domain at once when their own verified address is at it; any other domain waits
 * for the store's operator to verify it (the issue's rule: nobody claims a domain they cannot show).
 */
export const claimVerifiedAtOnce = (domain: string, admin: { email: string; emailVerified: boolean }) =>
  admin.emailVerified && emailDomain(admin.email) === domain;

/**
 * Whether a password may sign this person in: with single sign-on enforced for a claimed domain of
 * their address, only an admin with two-factor may (the way back in when the provider fails).
 */
export const passwordSignInAllowed = (p: { enforced: boolean; isAdmin: boolean; twoFactor: boolean }) =>
  !p.enforced || (p.isAdmin && p.twoFactor);

/**
 * The issuer: https, or http only on this machine (a provider a developer or a test runs locally).
 * No query or fragment: OpenID Connect Discovery appends its path to it.
 */
export const isAcceptableIssuer = (value: string) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
};

/** A domain as typed, in any case; the server lowers it (normalDomain). */
export const DomainNameSchema = z
  .string({ error: SsoMessages.domainInvalid })
  .check(z.trim(), z.regex(DOMAIN_PATTERN, SsoMessages.domainInvalid));

/** The domain lowered, or null when it is not a domain name (example.com, its subdomains). */
export const normalDomain = (value: string) => {
  const domain = value.trim().toLowerCase();
  return domain.length <= SSO_DOMAIN_MAX && DOMAIN_PATTERN.test(domain) ? domain : null;
};

export const ClaimDomainSchema = z.strictObject({ domain: DomainNameSchema });
export type ClaimDomain = z.infer<typeof ClaimDomainSchema>;

export const ClaimedDomainSchema = z.object({
  domain: z.string(),
  verified: z.boolean(),
  /** Who verified it: the admin's own address ('email') or the store's operator; 'pending' until then. */
  verifiedBy: z.enum(['email', 'operator', 'pending']),
  createdAt: z.string(),
});
export type ClaimedDomain = z.infer<typeof ClaimedDomainSchema>;

export const ClaimedDomainListSchema = z.object({ domains: z.array(ClaimedDomainSchema) });
export type ClaimedDomainList = z.infer<typeof ClaimedDomainListSchema>;

/** GET /api/sso/offered: whether the address's domain offers single sign-on, and nothing more. */
export const SsoOfferedSchema = z.object({ sso: z.boolean() });
/** Without an address, nothing is offered. */
export const SsoEmailQuerySchema = z.strictObject({
  email: z.optional(z.string().check(z.trim(), z.maxLength(320))),
});

/** The web's /sso screen trades the one-time ticket for a session (POST /api/sso/exchange). */
export const SsoExchangeSchema = z.strictObject({
  ticket: z.string().check(z.minLength(16), z.maxLength(200)),
});
