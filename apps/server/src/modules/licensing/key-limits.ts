import { ThrottleMessages, ValidationCode } from '@store/core';
import type { FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../../lib/http-error';
import type { Limits } from '../../lib/limits/limits';
import { consumeOrRefuse, tooManyRequests } from '../../lib/limits/refuse';

/**
 * The licensing routes' limits (docs/decisions/011): an address that looked up too many unknown
 * keys is refused first (from memory once it is over), then the key's own rate is taken from this
 * process's memory; a lookup that finds no key counts against the address.
 */
export function createKeyLimits(limits: Limits['licensing']) {
  async function admit(request: FastifyRequest, licenseKey: string) {
    const failures = await limits.lookupFailures.get(request.ip);
    if (failures && failures.consumedPoints >= limits.lookupFailures.points) {
      throw tooManyRequests(ThrottleMessages.tooManyRequests, failures.msBeforeNext);
    }
    await consumeOrRefuse(limits.perKey, licenseKey, ThrottleMessages.tooManyRequests);
  }

  async function unknownKey(request: FastifyRequest) {
    try {
      await limits.lookupFailures.consume(request.ip);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    }
  }

  return {
    /** Runs a licensing call under the limits; `unknown` tells whether its answer found no key. */
    async run<T>(
      request: FastifyRequest,
      licenseKey: string,
      call: () => Promise<T>,
      unknown?: (answer: T) => boolean,
    ) {
      await admit(request, licenseKey);
      try {
        const answer = await call();
        if (unknown?.(answer)) await unknownKey(request);
        return answer;
      } catch (error) {
        if (error instanceof HttpError && error.code === ValidationCode.NotFound) await unknownKey(request);
        throw error;
      }
    },
  };
}
