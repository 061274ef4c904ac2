import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import type { Mailer } from '../../src/mail/mailer';
import { startOutboxSender } from '../../src/mail/outbox-sender';
import { createSmtpMailer } from '../../src/mail/smtp-mailer';

// A "worker" of the outbox fault test (outbox-fault.test.ts): the outbox sender against the test's
// PostgreSQL and SMTP server until it is killed. Short random pauses before and after each delivery
// widen the windows a SIGKILL can land in (mid-delivery, after the server took the mail and before
// the row is marked sent). SIGTERM stops it as the worker stops: the mail in hand is finished.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jitter = () => sleep(Math.floor(Math.random() * 15));

async function main() {
  const pool = new pg.Pool({ connectionString: process.env.FAULT_DATABASE_URL, max: 2 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const smtp = createSmtpMailer(process.env.FAULT_SMTP_URL!, 'Store <store@store.test>');
  const transport: Mailer = {
    async send(message) {
      await jitter();
      await smtp.send(message);
      await jitter();
    },
  };
  const sender = startOutboxSender(
    {
      db,
      transport,
      resolveAttachment: async () => {
        throw new Error('no attachments in this test');
      },
      messageIdDomain: 'store.test',
    },
    { pollMs: 20, batchSize: 5, leaseMs: Number(process.env.FAULT_LEASE_MS ?? 1000) },
  );
  process.on('SIGTERM', async () => {
    await sender.stop();
    smtp.close();
    await pool.end();
    process.exit(0);
  });
  process.stdout.write('ready\n');
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
