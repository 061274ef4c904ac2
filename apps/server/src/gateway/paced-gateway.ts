import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';
import type { PaymentGateway } from './payment-gateway';

// Stripe limits each account's API calls (100 operations a second live, fewer in test mode) and
// answers 429 beyond. The billing engine charges whole batches at once, so the gateway's calls are
// paced here, below the limit, and slow down further when Stripe still answers 429.

export interface PacingOptions {
  /** Calls a second at most (GATEWAY_RATE_PER_SECOND). */
  ratePerSecond: number;
  /** The pause after a 429; it doubles with each further 429 and resets with a call that succeeds. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** What the pacing did so far (for the operator's log and the tests). */
export interface PacingStats {
  calls: number;
  rateLimited: number;
}

const isRateLimited = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 429;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The gateway with its calls to the card processor paced: at most `ratePerSecond` a second, in the
 * order they were made, and after a 429 none for a pause that doubles while 429s go on. The 429
 * still reaches the caller (after the Stripe client's own retries): the billing engine treats it as
 * a transient failure and asks again with the same key later (docs/design.md §3).
 */
export function pacedGateway(
  gateway: PaymentGateway,
  opts: PacingOptions,
): PaymentGateway & { pacing: PacingStats } {
  const initialBackoff = opts.backoffMs ?? 1_000;
  const maxBackoff = opts.maxBackoffMs ?? 60_000;
  const queue = new RateLimiterQueue(new RateLimiterMemory({ points: opts.ratePerSecond, duration: 1 }));
  const pacing: PacingStats = { calls: 0, rateLimited: 0 };
  let backoff = initialBackoff;
  let pausedUntil = 0;

  async function paced<T>(call: () => Promise<T>): Promise<T> {
    await queue.removeTokens(1);
    const wait = pausedUntil - Date.now();
    if (wait > 0) await sleep(wait);
    pacing.calls += 1;
    try {
      const result = await call();
      backoff = initialBackoff;
      return result;
    } catch (error) {
      if (isRateLimited(error)) {
        pacing.rateLimited += 1;
        pausedUntil = Math.max(pausedUntil, Date.now() + backoff);
        backoff = Math.min(backoff * 2, maxBackoff);
      }
      throw error;
    }
  }

  return {
    ...gateway,
    charge: (input) => paced(() => gateway.charge(input)),
    findCharge: (key, hint) => paced(() => gateway.findCharge(key, hint)),
    pacing,
  };
}
