import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { claimDueDeliveries } from './webhooks.repository';
import type { WebhookService } from './webhooks.service';

// The webhook sender (docs/decisions/027): takes due deliveries, sends each once and records the
// outcome. A delivery is held for longer than a send can take (10 s), so no two senders send it at
// once; a sender killed mid-send lets the hold run out and the message goes again, with the same
// webhook-id, so the receiver can tell. Any number of senders may run.

const LEASE_MS = 60_000;

export interface WebhookSender {
  /** One claim-and-send pass; answers how many deliveries it claimed. Passes never overlap. */
  pass(): Promise<number>;
  /** Passes until nothing is due (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export function startWebhookSender(
  deps: {
    db: Db;
    clock: Clock;
    webhooks: Pick<WebhookService, 'attempt'>;
    logger?: { error(obj: object, msg?: string): void };
  },
  options: { pollMs: number; batchSize?: number; concurrency?: number },
): WebhookSender {
  const batchSize = options.batchSize ?? 20;
  const concurrency = options.concurrency ?? 8;
  let stopped = false;
  let current: Promise<number> = Promise.resolve(0);
  let wake: (() => void) | null = null;

  async function runPass(): Promise<number> {
    const due = await claimDueDeliveries(deps.db, deps.clock.now(), batchSize, LEASE_MS);
    let next = 0;
    // Several receivers at a time: one slow receiver does not hold up the others' messages.
    const lane = async () => {
      while (next < due.length && !stopped) await deps.webhooks.attempt(due[next++]!, false);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, lane));
    return due.length;
  }

  const pass = () => {
    current = current.then(runPass, runPass);
    return current;
  };

  async function loop() {
    while (!stopped) {
      let claimed = 0;
      try {
        claimed = await pass();
      } catch (error) {
        deps.logger?.error({ err: error }, 'webhook pass failed; retrying');
      }
      if (stopped) break;
      if (claimed === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollMs);
          timer.unref();
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  }

  const looping = options.pollMs > 0 ? loop() : Promise.resolve();
  return {
    pass,
    async drain() {
      while ((await pass()) > 0) {}
    },
    async stop() {
      stopped = true;
      wake?.();
      await looping;
      await current.catch(() => 0);
    },
  };
}
