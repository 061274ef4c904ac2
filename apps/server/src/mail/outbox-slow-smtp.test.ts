import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, type SmtpCapture, startSmtpCapture } from '../../test/support/smtp-capture';
import { createTestDatabase } from '../../test/support/test-app';
import type { Database } from '../db/client';
import { enqueueMails } from './outbox';
import { type OutboxSender, startOutboxSender } from './outbox-sender';
import { createSmtpMailer } from './smtp-mailer';

// Two outbox senders and a slow SMTP server (decision 018): slowness alone never sends a mail twice.
// The server answers the first sender only when the test lets it; the time a slow answer takes is
// played by moving the outbox's leases back (its clock is the database's).

const LEASE_MS = 60_000;
let database: Database;
let smtp: SmtpCapture;
const closers: (() => void)[] = [];

/** The first sender's mails, each held by the server until released. */
const held: { mail: ReceivedMail; release: () => void }[] = [];
let onHeld: (() => void) | null = null;
let slow = true;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpCapture({
    beforeAccept: (mail) => {
      if (!slow || mail.from !== 'first@store.test') return Promise.resolve();
      return new Promise<void>((release) => {
        held.push({ mail, release });
        onHeld?.();
      });
    },
  });
});
afterAll(async () => {
  for (const close of closers) close();
  await smtp.close();
  await database.close();
});

function sender(from: string): OutboxSender {
  const transport = createSmtpMailer(smtp.url, from);
  closers.push(transport.close);
  return startOutboxSender(
    {
      db: database.db,
      transport,
      resolveAttachment: () => Promise.reject(new Error('no attachments here')),
      messageIdDomain: 'store.test',
    },
    // One mail at a time: the server's slowness leaves the rest of the batch unreached.
    { pollMs: 0, batchSize: 20, leaseMs: LEASE_MS, concurrency: 1 },
  );
}

/** The next mail the server holds (the first sender is in the middle of sending it). */
async function nextHeld(): Promise<{ mail: ReceivedMail; release: () => void }> {
  if (held.length === 0) await new Promise<void>((resolve) => (onHeld = resolve));
  onHeld = null;
  return held.shift()!;
}

/** Seconds pass for the outbox: every unsent mail's lease comes that much nearer its end. */
const passes = (seconds: number) =>
  database.db.execute(
    sql`UPDATE outbox SET next_attempt_at = next_attempt_at - make_interval(secs => ${seconds}) WHERE sent_at IS NULL`,
  );

describe('the outbox with a slow SMTP server', () => {
  it('sends each mail once when a second sender takes over the mails the first has not reached', async () => {
    const subjects = ['Slow 1', 'Slow 2', 'Slow 3', 'Slow 4', 'Slow 5'];
    await enqueueMails(
      database.db,
      subjects.map((subject) => ({ to: 'slow@example.com', subject, text: subject })),
    );
    const first = sender('first@store.test');
    const second = sender('second@store.test');

    // The first sender claims all five and sends them one by one; each takes the server 40 s.
    const firstPass = first.pass();
    const one = await nextHeld();
    expect(one.mail.subject).toBe('Slow 1');
    await passes(40);
    one.release();
    const two = await nextHeld();
    expect(two.mail.subject).toBe('Slow 2');
    await passes(40);

    // 80 s after the claim: the mails the first sender has not reached are due again, and the
    // second sender sends them while the server still works on 'Slow 2'.
    await second.pass();
    slow = false;
    two.release();
    await firstPass;

    const times = subjects.map((s) => smtp.received.filter((m) => m.subject === s).length);
    expect(times).toEqual([1, 1, 1, 1, 1]);
    const unsent = await database.db.execute(sql`SELECT id FROM outbox WHERE sent_at IS NULL`);
    expect((unsent as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
