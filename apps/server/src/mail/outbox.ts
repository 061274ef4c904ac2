import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import type { AttachmentRef, MailMessage } from './mailer';

// The outbox (decision 018): the one module that writes the `outbox` table. Whatever causes a mail
// writes it here in its own transaction, so the mail exists exactly when the change that caused it
// was committed; the outbox sender (outbox-sender.ts) delivers it, at least once.

export interface OutboxRow {
  id: number;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: AttachmentRef[];
  attempts: number;
}

/** Writes one mail in the caller's transaction; it goes out once that transaction commits. */
export async function enqueueMail(tx: DbOrTx, mail: MailMessage): Promise<void> {
  await tx.execute(sql`INSERT INTO outbox (to_address, subject, text_body, html_body, attachments)
    VALUES (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null},
            ${JSON.stringify(mail.attachments ?? [])}::jsonb)`);
}

/** Several mails in one transaction and one statement (a notice's recipients, a batch's receipts). */
export async function enqueueMails(tx: DbOrTx, mails: MailMessage[]): Promise<void> {
  if (mails.length === 0) return;
  const payload = JSON.stringify(
    mails.map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html ?? null,
      att: m.attachments ?? [],
    })),
  );
  await tx.execute(sql`INSERT INTO outbox (to_address, subject, text_body, html_body, attachments)
    SELECT v.to, v.subject, v.text, v.html, v.att
    FROM json_to_recordset(${payload}::json) AS v("to" text, subject text, text text, html text, att jsonb)`);
}

/**
 * Claims up to `limit` due mails for `leaseMs`: each is due again when the lease ends, so a sender
 * that dies mid-send leaves its mails to the next one. SKIP LOCKED: several senders share the work.
 */
export async function claimDueMail(db: DbOrTx, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const rows = await queryRows<{
    id: string | number;
    message_id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    attachments: AttachmentRef[] | string;
    attempts: number;
  }>(
    db,
    sql`UPDATE outbox SET attempts = attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
        WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NULL AND next_attempt_at <= now()
                     ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, message_id, to_address, subject, text_body, html_body, attachments, attempts`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      messageId: r.message_id,
      to: r.to_address,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      attachments: typeof r.attachments === 'string' ? JSON.parse(r.attachments) : r.attachments,
      attempts: r.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Takes a claimed mail's lease again, for `leaseMs` from now, right before it is sent and while the
 * server works on it: one batch's claim would otherwise have to last for the whole batch, and a slow
 * server makes the tail due again while it waits, for a second sender to send as well. A
 * compare-and-set on the claim's count of attempts: false when another sender claimed the mail
 * meanwhile (or it was sent), and then this sender leaves it alone. `sentBefore`, the mail this
 * sender delivered just before, is marked sent in the same statement: one round trip a mail instead
 * of two, the mark as soon as it would have been made on its own.
 */
export async function holdMail(
  db: DbOrTx,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  leaseMs: number,
  sentBefore: number | null = null,
): Promise<boolean> {
  const hold = sql`UPDATE outbox SET next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id = ${row.id} AND attempts = ${row.attempts} AND sent_at IS NULL RETURNING id`;
  const held = await queryRows<{ id: number }>(
    db,
    sentBefore === null ? hold : sql`WITH sent AS (${markSent(sentBefore)}) ${hold}`,
  );
  return held.length > 0;
}

const markSent = (id: number) => sql`UPDATE outbox SET sent_at = now(), last_error = NULL WHERE id = ${id}`;

export async function markMailSent(db: DbOrTx, id: number): Promise<void> {
  await db.execute(markSent(id));
}

/** Claimed mails a stopping sender did not try: due again now, the claim not counted. */
export async function releaseMail(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`UPDATE outbox SET next_attempt_at = now(), attempts = attempts - 1
    WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND sent_at IS NULL`);
}

/** Backoff after a failed send: 30 s, 1 min, 2 min, … at most an hour; never given up (nothing is lost). */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

/** A failed send of this sender's claim (`attempts`): never pushes back another sender's claim. */
export async function markMailFailed(db: DbOrTx, id: number, attempts: number, error: string): Promise<void> {
  await db.execute(sql`UPDATE outbox SET last_error = ${error.slice(0, 500)},
      next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)})
    WHERE id = ${id} AND attempts = ${attempts} AND sent_at IS NULL`);
}

/** Unsent mails and the age of the oldest (the metrics' outbox depth). */
export async function outboxDepth(db: DbOrTx): Promise<{ unsent: number; oldestSeconds: number }> {
  const [row] = await queryRows<{ unsent: string | number; oldest: string | number | null }>(
    db,
    sql`SELECT count(*) AS unsent, extract(epoch FROM now() - min(created_at)) AS oldest
        FROM outbox WHERE sent_at IS NULL`,
  );
  return { unsent: Number(row?.unsent ?? 0), oldestSeconds: Number(row?.oldest ?? 0) };
}
