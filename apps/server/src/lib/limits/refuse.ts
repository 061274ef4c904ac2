import { RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http-error';

/** Something with rate-limiter-flexible's consume(): one of the shared limits. */
export interface Consumer {
  consume(key: string, points?: number): Promise<RateLimiterRes>;
}

/** A 429 that says when to come back (Retry-After, in whole seconds). */
export function tooManyRequests(message: string, msBeforeNext: number): HttpError {
  return new HttpError(
    429,
    message,
    'TOO_MANY_REQUESTS',
    {},
    {
      'retry-after': String(Math.max(1, Math.ceil(msBeforeNext / 1000))),
    },
  );
}

/** Takes a point, or refuses with 429 and Retry-After once the key's points are used up. */
export async function consumeOrRefuse(
  limit: Consumer,
  key: string,
  message: string,
): Promise<RateLimiterRes> {
  try {
    return await limit.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooManyRequests(message, rejection.msBeforeNext);
    throw rejection;
  }
}

/** Takes a point and says whether it was within the limit (for work done after the answer has gone). */
export async function consumeWithin(limit: Consumer, key: string): Promise<boolean> {
  try {
    await limit.consume(key);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}
