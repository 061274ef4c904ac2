import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import { twoFactorKey } from './modules/two-factor';
import { addressPolicyFor, createWebhookService } from './modules/webhooks';

/**
 * The webhook service, as the app (its routes) and the jobs (the sender) both build it. Endpoints'
 * secrets are sealed with the key that seals two-factor secrets, the server's one key for secrets
 * it must read back; the mode decides where messages may go (docs/decisions/027).
 */
export const composeWebhooks = (deps: { config: Config; database: Database; clock: Clock }) =>
  createWebhookService({
    db: deps.database.db,
    clock: deps.clock,
    policy: addressPolicyFor(deps.config.mode),
    secretKey: () => twoFactorKey(deps.database.db, deps.config),
    publicUrl: deps.config.publicUrl,
  });
