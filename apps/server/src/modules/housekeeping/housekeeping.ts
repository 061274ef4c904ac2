import type { Database } from '../../db/client';
import type { SessionService } from '../../lib/auth-context';
import { deleteExpiredLimits } from '../../lib/limits/store';
import type { LinksService } from '../accounts';

export interface HousekeepingDeps {
  database: Database;
  sessions: Pick<SessionService, 'deleteExpired'>;
  links: Pick<LinksService, 'deleteSpent'>;
  sso: { deleteSpent(): Promise<number> };
  logger?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/**
 * Deletes what can never be used again: expired sessions, used or expired links, ended throttle
 * windows, single sign-on attempts and SAML assertion ids past their life. Each owner deletes its own rows; running it in several processes at once is harmless.
 */
export async function sweep(deps: HousekeepingDeps) {
  const counts = {
    sessions: await deps.sessions.deleteExpired(),
    links: await deps.links.deleteSpent(),
    throttles: await deleteExpiredLimits(deps.database),
    sso: await deps.sso.deleteSpent(),
  };
  if (counts.sessions + counts.links + counts.throttles + counts.sso > 0)
    deps.logger?.info({ housekeeping: counts }, 'housekeeping');
  return counts;
}

/** Sweeps every `intervalMs` (0 = off); stop() waits for a sweep in progress. */
export function startHousekeeping(deps: HousekeepingDeps, intervalMs: number) {
  let running: Promise<unknown> | null = null;
  const timer =
    intervalMs > 0
      ? setInterval(() => {
          running ??= sweep(deps)
            .catch((error) =>
              deps.logger?.error({ err: error }, 'housekeeping failed; retrying next interval'),
            )
            .finally(() => {
              running = null;
            });
        }, intervalMs)
      : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
