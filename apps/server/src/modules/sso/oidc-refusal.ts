import type { SsoRefusal } from '@store/core';

/**
 * Which refusal an error of openid-client (or the oauth4webapi under it) stands for. The library
 * throws its own error kinds with codes; the claim that failed a comparison is in the cause.
 */
export function oidcRefusal(error: unknown): SsoRefusal {
  const chain: Array<Record<string, unknown>> = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    chain.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  const codes = chain.map((e) => e.code).filter((c): c is string => typeof c === 'string');
  const claim = chain.map((e) => e.claim).find((c): c is string => typeof c === 'string');
  const messages = chain.map((e) => e.message).filter((m): m is string => typeof m === 'string');
  // The provider's own answer (RFC 6749 §5.2): a code already used, or expired, is invalid_grant.
  const oauthError = chain.map((e) => e.error).find((c): c is string => typeof c === 'string');
  if (oauthError === 'invalid_grant') return 'replayed';
  if (oauthError) return 'provider-refused';
  if (codes.includes('OAUTH_JWT_TIMESTAMP_CHECK_FAILED')) return 'expired';
  if (claim === 'aud' || claim === 'azp') return 'wrong-audience';
  if (claim === 'iss' || messages.some((m) => m.includes('"iss" (issuer)'))) return 'wrong-issuer';
  if (claim === 'nonce') return 'nonce-mismatch';
  if (messages.some((m) => m.includes('"state"'))) return 'state-mismatch';
  if (codes.some((c) => c.startsWith('OAUTH_RESPONSE') || c === 'OAUTH_HTTP_REQUEST_FORBIDDEN')) {
    return 'provider-unreachable';
  }
  if (chain.some((e) => e instanceof TypeError && String(e.message).includes('fetch'))) {
    return 'provider-unreachable';
  }
  return 'provider-refused';
}
