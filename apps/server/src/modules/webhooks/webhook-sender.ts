import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { type PollingLoop, startPollingLoop } from '../../lib/polling-loop';
import { claimDueDeliveries, LEASE_MS } from './webhook-deliveries.repository';
import type { WebhookService } from './webhooks.service';

// The webhook sender (docs/decisions/027): takes due deliveries, sends each once and records the
// outcome. A delivery is held for longer than a send can take (10 s), so no two senders send it at
// once; a sender killed mid-send lets the hold run out and the message goes again, with the same
// webhook-id, so the receiver can tell. Any number of senders may run.

/** One pass claims and sends due deliveries; `pass` answers how many it claimed. */
export type WebhookSender = PollingLoop;

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

  async function runPass(): Promise<number> {
    const due = await claimDueDeliveries(deps.db, deps.clock.now(), batchSize, LEASE_MS);
    let next = 0;
    // Several receivers at a time: one slow receiver does not hold up the others' messages.
    const lane = async () => {
      while (next < due.length && !loop.stopped) await deps.webhooks.attempt(due[next++]!, false);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, lane));
    return due.length;
  }

  const loop = startPollingLoop(runPass, {
    pollMs: options.pollMs,
    onError: (error) => deps.logger?.error({ err: error }, 'webhook pass failed; retrying'),
  });
  return { pass: loop.pass, drain: loop.drain, stop: loop.stop };
}
