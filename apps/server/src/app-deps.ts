import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { PaymentGateway } from './gateway/payment-gateway';
import type { SessionService } from './lib/auth-context';
import type { Clock } from './lib/clock';
import type { Limits } from './lib/limits/limits';
import type { ReadCaches } from './plugins/read-caches';

/**
 * What every feature module is given: its dependencies, never globals (docs/conventions.md). Kept apart
 * from app.ts so that modules import their types without importing the app that registers them.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  sessions: SessionService;
  /** Every rate limit of the store (lib/limits/limits.ts). */
  limits: Limits;
  /** The signed-in reads answered from memory (plugins/read-caches.ts). */
  readCaches: ReadCaches;
}

export type AppInput = Omit<AppDeps, 'sessions' | 'db' | 'limits' | 'readCaches'> & {
  logger?: FastifyBaseLogger;
};
