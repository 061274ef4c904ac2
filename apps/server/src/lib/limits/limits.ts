import { SignInThrottle } from '@store/core';
import type { Database } from '../../db/client';
import { KeyRateLimit } from './key-rate';
import { createMailDrops } from './mail-drops';
import { sharedLimit } from './store';

const MINUTE = 60;
const HOUR = 3600;
const signInWindow = SignInThrottle.windowMs / 1000;

/**
 * Every rate limit of the store, in one place (docs/decisions/013-rate-limits.md). Limits that guard
 * people's accounts and the mail budgets are shared by all server processes through PostgreSQL
 * (docs/design.md §3); the per-key licensing limit is kept in each process's memory, because engines call
 * it thousands of times a second and a database round trip per call would be its bottleneck.
 */
export function createLimits(database: Database, log: { warn(obj: object, msg: string): void }) {
  const shared = (keyPrefix: string, points: number, duration: number, inMemoryBlockOnConsumed?: number) =>
    sharedLimit(database, { keyPrefix, points, duration, inMemoryBlockOnConsumed });
  return {
    signIn: {
      /** docs/design.md §4: 5 failures per (e-mail, address) in 15 minutes. */
      pairFailures: shared('signin-pair', SignInThrottle.failuresPerEmailAndAddress, signInWindow),
      /** docs/design.md §4: 50 failures per address in 15 minutes, over every e-mail. */
      addressFailures: shared('signin-address', SignInThrottle.failuresPerAddress, signInWindow),
      /** Failures of one e-mail from every address: never refused, only counted to pace attempts. */
      emailFailures: shared('signin-email', Number.MAX_SAFE_INTEGER, signInWindow),
      /** Every sign-in costs an argon2 verification: at most 100 a minute per address. */
      requests: shared('signin-requests', 100, MINUTE),
    },
    accounts: {
      registrations: shared('register-address', 20, HOUR),
      resetRequests: shared('reset-address', 30, 15 * MINUTE),
      /** Verify and reset links that did not work, per address (guessing links). */
      linkFailures: shared('link-failures', 20, 15 * MINUTE),
    },
    /** The mail budgets (mail-budget.ts): per purpose and recipient, per purpose store-wide, per organization. */
    mail: {
      /** Mails of one purpose to one address in an hour: enough for a lost mail or two, too few to flood a mailbox. */
      perRecipient: shared('mail-recipient', 3, HOUR),
      /** Registrations' mails the whole store sends in an hour (anyone may register). */
      registrations: shared('mail-registrations', 500, HOUR),
      /** New users' and changed addresses' mails the whole store sends in an hour (admins cause them). */
      newUsers: shared('mail-new-users', 1000, HOUR),
      addressChanges: shared('mail-address-changes', 1000, HOUR),
      /** What one organization's admins cause to be sent in an hour (new users, address changes). */
      perOrganization: shared('mail-organization', 100, HOUR),
      drops: createMailDrops((line, message) => log.warn(line, message)),
    },
    /**
     * Calls with one organization API token, counted by every server together (docs/decisions/026):
     * a pipeline's bursts fit, a runaway loop is slowed; once refused, refused from memory.
     */
    apiTokenCalls: shared('api-token', 300, MINUTE, 300),
    /** Invoice PDFs are rendered on request: 30 a minute per person. */
    invoicePdfs: shared('invoice-pdf', 30, MINUTE),
    licensing: {
      /**
       * Per license key, per process: 20 requests a second sustained; beyond that, a reserve of 80
       * more every 20 seconds, so a farm that starts together gets a burst of 100.
       */
      perKey: new KeyRateLimit({ rate: 20, rateMs: 1000, burst: 80, burstMs: 20_000 }),
      /** Unknown license keys per address; once refused, the address is refused from memory. */
      lookupFailures: shared('license-lookup-failures', 100, 10 * MINUTE, 100),
    },
  };
}

export type Limits = ReturnType<typeof createLimits>;
