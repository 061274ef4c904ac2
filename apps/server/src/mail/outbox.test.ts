import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { queryRows } from '../db/client';
import { enqueueMail, retryDelaySeconds } from './outbox';

// The outbox (decision 018): a mail exists exactly when the transaction that wrote it committed; a
// failed delivery is retried with backoff, keeping its Message-ID.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const row = async (subject: string) =>
  (
    await queryRows<{ attempts: number; last_error: string | null; sent_at: unknown; wait: number }>(
      t.db,
      sql`SELECT attempts, last_error, sent_at, extract(epoch FROM next_attempt_at - now())::int AS wait
          FROM outbox WHERE subject = ${subject}`,
    )
  )[0];

describe('the outbox', () => {
  it('holds no mail of a transaction that rolled back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'nobody@example.com', subject: 'Rolled back', text: 'x' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.flushMail();
    expect(await row('Rolled back')).toBeUndefined();
    expect(t.mailer.sent.some((m) => m.subject === 'Rolled back')).toBe(false);
  });

  it('retries a failed delivery later with the same Message-ID', async () => {
    const original = t.mailer.send;
    const tried: string[] = [];
    t.mailer.send = async (m) => {
      tried.push(m.messageId);
      throw new Error('421 try again later');
    };
    try {
      await enqueueMail(t.db, { to: 'retry@example.com', subject: 'Retried', text: 'x' });
      await t.flushMail();
    } finally {
      t.mailer.send = original;
    }
    const failed = await row('Retried');
    expect(failed).toMatchObject({ attempts: 1, last_error: '421 try again later', sent_at: null });
    expect(failed!.wait).toBeGreaterThan(25);
    await t.flushMail();
    expect(t.mailer.sent.some((m) => m.subject === 'Retried')).toBe(false);

    await t.db.execute(sql`UPDATE outbox SET next_attempt_at = now() WHERE subject = 'Retried'`);
    await t.flushMail();
    const sent = t.mailer.sent.find((m) => m.subject === 'Retried');
    expect(sent?.messageId).toBe(tried[0]);
    expect(sent?.messageId).toMatch(/^<[0-9a-f-]{36}@store\.test>$/);
    expect((await row('Retried'))!.sent_at).not.toBeNull();
  });

  it('backs off from 30 s, doubling, to at most an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 3600, 3600]);
  });
});
