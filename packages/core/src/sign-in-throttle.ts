// Sign-in throttling (docs/design.md §4): figures and the waiting rule, shared by every place that checks
// a password or a second factor (sign-in, re-authentication, turning two-factor sign-in off).

export const SignInThrottle = {
  /** Failures count for 15 minutes after the first of a window. */
  windowMs: 15 * 60_000,
  /** Failures of one (e-mail, address) pair before that pair gets 429. */
  failuresPerEmailAndAddress: 5,
  /** Failures from one address, over every e-mail (password spraying), before that address gets 429. */
  failuresPerAddress: 50,
  /** Failures of one e-mail, from every address, after which each further attempt waits. */
  failuresPerEmailBeforeWaiting: 20,
  firstWaitMs: 1_000,
  maxWaitMs: 10_000,
} as const;

/**
 * How long an attempt for an e-mail waits before it is checked, given the failures already counted
 * for that e-mail from all addresses: nothing up to 20, then 1 s doubling to at most 10 s. Never a
 * lock: the owner's right password from another address is checked within seconds.
 */
export function signInWaitMs(previousFailures: number): number {
  const beyond = previousFailures - SignInThrottle.failuresPerEmailBeforeWaiting;
  if (beyond < 0) return 0;
  return Math.min(SignInThrottle.maxWaitMs, SignInThrottle.firstWaitMs * 2 ** Math.min(beyond, 10));
}

export const ThrottleMessages = {
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  tooManySignInAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  mailBudgetSpent: 'The store is sending too many e-mails right now. Please try again in an hour.',
  organizationMailBudgetSpent:
    'Your organization has sent too many e-mails in the last hour. Please try again later.',
} as const;
