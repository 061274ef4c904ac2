import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../../../test/support/accounts';
import { capturedLog } from '../../../test/support/captured-log';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { DEMO_USER_EMAIL } from '../../seed/organizations';

// The mail budgets (mail-budget.ts): nobody can stop another person's reset mail by spending a
// budget, and a mail a budget stops is logged and counted in GET /metrics.

const METRICS_TOKEN = 'metrics-token-of-the-test';
const log = capturedLog('info');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN }, logger: log.logger });
});
afterAll(() => t.close());

/** An anonymous request, from an address of the flood's own (each address may ask 30 times). */
const askReset = (email: string, n: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/person/password_reset_request/${encodeURIComponent(email)}`,
    remoteAddress: `198.18.${Math.floor(n / 25) % 256}.${(n % 25) + 1}`,
  });

const outboxSize = async () =>
  Number((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM outbox`))[0]!.n);

describe('the mail budgets', () => {
  it("let no one stop another person's reset mail, however many mails they cause", async () => {
    // 340 accounts whose addresses the flood knows, three resets each: over a thousand mails.
    await t.db.execute(sql`
      INSERT INTO persons (organization_id, rights, password_hash, first_name, last_name, email)
      SELECT (SELECT organization_id FROM persons WHERE email = ${DEMO_USER_EMAIL} LIMIT 1), 1, 'x',
             'Flood', 'Target', 'target' || i || '@flood.example'
      FROM generate_series(1, 340) AS i`);
    const before = await outboxSize();
    let n = 0;
    for (let round = 0; round < 3; round++)
      for (let i = 1; i <= 340; i++)
        expect((await askReset(`target${i}@flood.example`, n++)).statusCode).toBe(200);
    await expect.poll(outboxSize, { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 1000);

    const sent = t.mailer.sent.length;
    expect((await askReset(DEMO_USER_EMAIL, n++)).statusCode).toBe(200);
    await t.flushMail();
    const mail = await waitForMail(() => t.mailer.sent.slice(sent), DEMO_USER_EMAIL);
    expect(mail.text).toContain('/ResetPassword/');
  }, 120_000);

  it('logs and counts a reset mail a budget dropped', async () => {
    // The reset above was the first of three an hour to this address; the fourth is dropped.
    for (let i = 0; i < 3; i++) await askReset(DEMO_USER_EMAIL, 9000 + i);
    await expect
      .poll(() => log.text().includes('"purpose":"password-reset","budget":"recipient","outcome":"dropped"'))
      .toBe(true);
    expect(log.text()).toContain('mail not sent');
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain(
      'store_mail_not_sent_total{purpose="password-reset",budget="recipient",outcome="dropped"} 1',
    );
  });
});
