import { ThrottleMessages, ValidationCode } from '@store/core';
import type { FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../../lib/domain-error';
import type { Limits } from '../../lib/limits/limits';
import { tooManyRequests } from '../../lib/limits/refuse';
import { inMemoryBlockMs } from '../../lib/limits/store';

/**
 * The licensing routes' limits (docs/decisions/013): an address that looked up too many unknown
 * keys is refused first, from this process's memory; then the key's own rate is taken, from memory
 * too; a lookup that finds no key counts against the address in PostgreSQL (only failures pay a query).
 */
export function createKeyLimits(limits: Limits['licensing']) {
  // No database round trip and no promise on the way in: the hot path stays in memory (the
  // performance budget).
  function admit(request: FastifyRequest, licenseKey: string) {
    const blockedMs = inMemoryBlockMs(limits.lookupFailures, request.ip);
    if (blockedMs > 0) throw tooManyRequests(ThrottleMessages.tooManyRequests, blockedMs);
    const waitMs = limits.perKey.take(licenseKey);
    if (waitMs > 0) throw tooManyRequests(ThrottleMessages.tooManyRequests, waitMs);
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
      admit(request, licenseKey);
      try {
        const answer = await call();
        if (unknown?.(answer)) await unknownKey(request);
        return answer;
      } catch (error) {
        if (error instanceof DomainError && error.code === ValidationCode.NotFound) await unknownKey(request);
        throw error;
      }
    },
  };
}
