import { composeBilling } from './compose-billing';
import { composeWebhooks } from './compose-webhooks';
import type { Config } from './config';
import type { Database } from './db/client';
import type { PaymentGateway } from './gateway/payment-gateway';
import type { SessionService } from './lib/auth-context';
import type { Clock } from './lib/clock';
import type { Mailer } from './mail/mailer';
import { type OutboxSender, startOutboxSender } from './mail/outbox-sender';
import { createLinksService } from './modules/accounts';
import { invoiceAttachments, startBillingScheduler } from './modules/billing';
import { createCatalogService } from './modules/catalog';
import { startHousekeeping } from './modules/housekeeping';
import { createOfflineLicenseService, signingKeySource } from './modules/licensing';
import { createSsoSweep } from './modules/sso';
import { startWebhookSender, type WebhookSender } from './modules/webhooks';

// The background work of the store (decision 018): billing (renewals, retries, deactivation,
// overage, notices), settling charges left pending, the outbox sender and housekeeping. The one way
// they are started: in the server process (RUN_JOBS=1, the demo) or in `npm run worker`. Every one
// claims its rows in the database, so any number of processes may run them side by side.

export interface JobsDeps {
  config: Config;
  database: Database;
  clock: Clock;
  gateway: PaymentGateway;
  transport: Mailer;
  sessions: SessionService;
  logger: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
  onMailSent?: (outcome: 'sent' | 'failed') => void;
}

export interface Jobs {
  outbox: OutboxSender;
  /** Customers' webhooks (docs/decisions/027). */
  webhooks: WebhookSender;
  /** Runs one billing tick now (tests, the worker's first pass). */
  billingTick(): Promise<unknown>;
  /** Ends each loop after its current step; resolves when all have ended. */
  stop(): Promise<void>;
}

/** The host of PUBLIC_URL: the right-hand side of every Message-ID the store sends. */
export const messageIdDomain = (publicUrl: string) => new URL(publicUrl).hostname || 'localhost';

export function startJobs(deps: JobsDeps): Jobs {
  const { config, database, clock, logger } = deps;
  const billing = { db: database.db, clock, gateway: deps.gateway, logger, publicUrl: config.publicUrl };
  // Paid renewals' offline license files are signed with the key the server publishes.
  const licensing = createOfflineLicenseService({ signingKeys: signingKeySource(config) });
  const scheduler = startBillingScheduler(
    {
      ...billing,
      engine: composeBilling({ ...billing, licensing, catalog: createCatalogService(billing) }).engine,
    },
    { intervalSeconds: config.billingIntervalSeconds },
  );
  const housekeeping = startHousekeeping(
    {
      database,
      sessions: deps.sessions,
      links: createLinksService({ db: database.db, clock }),
      sso: createSsoSweep({ db: database.db, clock }),
      logger,
    },
    config.housekeepingIntervalSeconds * 1000,
  );
  const outbox = startOutboxSender(
    {
      db: database.db,
      transport: deps.transport,
      resolveAttachment: invoiceAttachments(database.db, config.seller),
      messageIdDomain: messageIdDomain(config.publicUrl),
      logger,
      onSent: deps.onMailSent,
    },
    { pollMs: config.outboxPollMs },
  );
  const webhooks = startWebhookSender(
    { db: database.db, clock, webhooks: composeWebhooks({ config, database, clock }), logger },
    { pollMs: config.outboxPollMs },
  );
  return {
    outbox,
    webhooks,
    billingTick: () => scheduler.tick(),
    async stop() {
      await Promise.all([scheduler.stop(), housekeeping.stop(), outbox.stop(), webhooks.stop()]);
      deps.transport.close?.();
    },
  };
}
