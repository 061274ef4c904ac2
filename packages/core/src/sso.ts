import { z } from 'zod/mini';
import { SsoMessages } from './sso-messages';

// Single sign-on with OpenID Connect and claimed e-mail domains (docs/design.md §5a,
// docs/decisions/036): the provider vouches for the person; the store still decides the
// organization and the rights.

export const SSO_DOMAIN_MAX = 253;
export const SSO_TEXT_MAX = 2000;

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
