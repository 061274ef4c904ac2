// What single sign-on says (docs/decisions/036, 037), apart from its schemas in sso.ts: the shell's
// menu and the route table name the screen, and a module that is loaded for a constant builds every
// schema it declares (docs/decisions/020).

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
