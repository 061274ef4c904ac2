import type { Db } from '../db/client';
import { startPollingLoop } from '../lib/polling-loop';
import type { AttachmentRef, MailAttachment, Mailer } from './mailer';
import { claimDueMail, holdMail, markMailFailed, markMailSent, type OutboxRow, releaseMail } from './outbox';

// The outbox sender (decision 018): takes due mails from the outbox, hands them to the transport
// with the Message-ID of their row, and marks them sent. A failed send is retried with backoff; a
// sender killed mid-send leaves its claim to expire and the mail is sent again, with the same
// Message-ID, so the receiving side can tell it is the same mail. Any number of senders may run.
// The lease is per mail: taken again right before each send and renewed while the server works
// on it (holdMail), so a slow server never lets a second sender send what this one still will.

export type AttachmentResolver = (ref: AttachmentRef) => Promise<MailAttachment>;

export interface OutboxSenderDeps {
  db: Db;
  transport: Mailer;
  /** Renders what a mail refers to (a bill's invoice PDF) when it is sent. */
  resolveAttachment: AttachmentResolver;
  /** The right-hand side of Message-IDs: the host of PUBLIC_URL. */
  messageIdDomain: string;
  logger?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Called after each send: the metrics count outcomes. */
  onSent?: (outcome: 'sent' | 'failed') => void;
}

export interface OutboxSenderOptions {
  /** Pause between looks when nothing was due (0 = no loop: a caller drives `pass`). */
  pollMs: number;
  batchSize?: number;
  /** How long a claimed mail is reserved for this sender before another may send it. */
  leaseMs?: number;
  /** Mails of a batch in flight at once (the SMTP transport pools as many connections). */
  concurrency?: number;
}

export interface OutboxSender {
  /** One claim-and-send pass; answers how many mails it claimed. Passes never overlap. */
  pass(): Promise<number>;
  /** Passes until nothing is due (tests; the operator's flush). */
  drain(): Promise<void>;
  /** Stops the loop: the pass in progress finishes the mails in flight, then the sender ends. */
  stop(): Promise<void>;
}

export const messageIdOf = (row: Pick<OutboxRow, 'messageId'>, domain: string) =>
  `<${row.messageId}@${domain}>`;

export function startOutboxSender(deps: OutboxSenderDeps, options: OutboxSenderOptions): OutboxSender {
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  const concurrency = options.concurrency ?? 4;

  /**
   * Sends one mail; answers true when it was delivered, for the caller to mark sent (with the hold
   * of its next mail, or on its own when none follows). `sentBefore` is the caller's unmarked one.
   */
  async function sendOne(row: OutboxRow, sentBefore: number | null): Promise<boolean> {
    // Claimed by another sender while this one worked through the batch: theirs now.
    if (!(await holdMail(deps.db, row, leaseMs, sentBefore))) return false;
    const renew = setInterval(() => {
      holdMail(deps.db, row, leaseMs).catch((err) =>
        deps.logger?.warn({ err, outboxId: row.id }, 'mail lease not renewed'),
      );
    }, leaseMs / 3);
    renew.unref();
    try {
      const attachments = await Promise.all(row.attachments.map(deps.resolveAttachment));
      await deps.transport.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        messageId: messageIdOf(row, deps.messageIdDomain),
        attachments,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.logger?.warn(
        { err: error, outboxId: row.id, attempts: row.attempts },
        'mail not sent; will retry',
      );
      await markMailFailed(deps.db, row.id, row.attempts, message);
      deps.onSent?.('failed');
      return false;
    } finally {
      clearInterval(renew);
    }
    deps.onSent?.('sent');
    return true;
  }

  async function runPass(): Promise<number> {
    const rows = await claimDueMail(deps.db, batchSize, leaseMs);
    let next = 0;
    // A few mails at a time, one per pooled SMTP connection: a slow server's answer no longer holds
    // up the whole batch. Each mail keeps its own lease.
    const lane = async () => {
      // The mail this lane delivered last and has not marked sent yet.
      let unmarked: number | null = null;
      while (next < rows.length) {
        // Stopping: the mails not yet tried are handed back at once, for the next sender.
        if (loop.stopped) {
          const rest = rows.slice(next).map((r) => r.id);
          next = rows.length;
          await releaseMail(deps.db, rest);
          break;
        }
        const row = rows[next++]!;
        const sent = await sendOne(row, unmarked);
        unmarked = sent ? row.id : null;
      }
      if (unmarked !== null) await markMailSent(deps.db, unmarked);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    return rows.length;
  }

  const loop = startPollingLoop(runPass, {
    pollMs: options.pollMs,
    onError: (error) => deps.logger?.error({ err: error }, 'outbox pass failed; retrying'),
  });
  return { pass: loop.pass, drain: loop.drain, stop: loop.stop };
}
