import { signInWaitMs, ThrottleMessages } from '@store/core';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { type Clock, sleepOn } from '../clock';
import type { Limits } from './limits';
import { consumeOrRefuse, tooManyRequests } from './refuse';

/** What a check of a secret found: `failed` counts against the throttles; anything else is refunded. */
export interface CheckOutcome<T> {
  failed: boolean;
  value: T;
}

/**
 * Throttling of every check of a person's secret (password, TOTP, recovery code), docs/design.md §4.
 * The attempt is counted before the check, atomically in PostgreSQL, so a parallel burst gets no
 * more checks than the limits; an attempt that did not fail is refunded, so only failures count.
 * Beyond 20 failures of an e-mail from all addresses, each attempt waits before it is checked,
 * but it is never refused for the e-mail alone: the owner signs in from another address.
 */
export function createSignInThrottle({ limits, clock }: { limits: Limits; clock: Clock }) {
  const { pairFailures, addressFailures, emailFailures, requests } = limits.signIn;

  async function refund(taken: { limit: typeof pairFailures; key: string }[]) {
    await Promise.all(taken.map(({ limit, key }) => limit.reward(key, 1)));
  }

  return {
    async attempt<T>(email: string, address: string, check: () => Promise<CheckOutcome<T>>): Promise<T> {
      const pairKey = `${email}|${address}`;
      await consumeOrRefuse(requests, address, ThrottleMessages.tooManySignInAttempts);
      const taken: { limit: typeof pairFailures; key: string }[] = [];
      for (const [limit, key] of [
        [addressFailures, address],
        [pairFailures, pairKey],
      ] as const) {
        try {
          await limit.consume(key);
          taken.push({ limit, key });
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          // This attempt is not checked, so it counts for nothing else either.
          await refund(taken);
          throw tooManyRequests(ThrottleMessages.tooManySignInAttempts, rejection.msBeforeNext);
        }
      }
      const forEmail = await emailFailures.consume(email);
      taken.push({ limit: emailFailures, key: email });
      await sleepOn(clock, signInWaitMs(forEmail.consumedPoints - 1));
      let outcome: CheckOutcome<T>;
      try {
        outcome = await check();
      } catch (error) {
        await refund(taken);
        throw error;
      }
      if (!outcome.failed) await refund(taken);
      return outcome.value;
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
