import type { Db } from '../../db/client';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import type { Clock } from '../../lib/clock';

// What the billing engine is given and how it is tuned: its dependencies (BillingDeps), its options
// (batch sizes, concurrency, leases) and the counts a run reports. The engine's steps live in
// bill-charging.ts and billing/billing-engine.ts; they all read their options through optionsOf.

export interface BillingLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface BillingOptions {
  /** Rows claimed per transaction (small, so locks are short). */
  batchSize?: number;
  /** Gateway calls in flight at once within one batch (default: 8; the sandbox's: the whole batch). */
  chargeConcurrency?: number;
  /** Charge batches in flight at once. */
  chargeWorkers?: number;
  /**
   * How long a bill being charged is reserved for the process charging it. A process that dies
   * mid-charge leaves the lease to expire; then another settles the recorded key with the gateway.
   */
  chargeLeaseMs?: number;
  /** Safety bound on passes per run (each pass renews at most one period per subscription). */
  maxPasses?: number;
}

export interface BillingDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  logger?: BillingLogger;
  /** Links in mails (the Modify Billing Info screen). */
  publicUrl?: string;
  billing?: BillingOptions;
  /** Aborted when the server shuts down: a run stops between passes instead of finishing the cycle. */
  signal?: AbortSignal;
}

export interface BillingCycleCounts {
  passes: number;
  /** Cancelled subscriptions that reached their deactivateDate. */
  ended: number;
  /** Bills 14 days unpaid that became UnPaid. */
  unpaid: number;
  /** Subscriptions deactivated for an unpaid bill. */
  deactivated: number;
  renewed: number;
  overageBilled: number;
  /** Months of usage closed (their counters rolled over), with or without an overage bill. */
  usageMonthsClosed: number;
  /** Bills issued as offline invoices (renewal or overage), not charged. */
  invoiced: number;
  chargeAttempts: number;
  paid: number;
  declined: number;
  /** Gateway calls whose outcome was unknown (an exception): settled on a later pass. */
  unknown: number;
  /** Attempts left open by a crash, settled with the gateway on their recorded key. */
  recovered: number;
}

export const emptyCounts = (): BillingCycleCounts => ({
  passes: 0,
  ended: 0,
  unpaid: 0,
  deactivated: 0,
  renewed: 0,
  overageBilled: 0,
  usageMonthsClosed: 0,
  invoiced: 0,
  chargeAttempts: 0,
  paid: 0,
  declined: 0,
  unknown: 0,
  recovered: 0,
});

/** Every claim is one set-based statement, so a batch this size holds its locks for milliseconds. */
const BATCH_SIZE = 1000;

export const optionsOf = (deps: BillingDeps) => ({
  batchSize: deps.billing?.batchSize ?? BATCH_SIZE,
  // The sandbox has no rate limit and records a batch's charges together (sandbox-gateway.ts).
  chargeConcurrency: deps.billing?.chargeConcurrency ?? (deps.gateway.kind === 'sandbox' ? BATCH_SIZE : 8),
  chargeWorkers: deps.billing?.chargeWorkers ?? 2,
  chargeLeaseMs: deps.billing?.chargeLeaseMs ?? 10 * 60_000,
  maxPasses: deps.billing?.maxPasses ?? 200,
});
