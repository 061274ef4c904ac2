import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration, tokenFrom, waitForMail } from '../../test/support/accounts';
import { capturedLog } from '../../test/support/captured-log';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { queryRows } from '../db/client';
import { DEMO_PASSWORD, DEMO_USER_EMAIL } from '../seed/organizations';

// No token, code or secret reaches the log (docs/design.md §4): the request log names routes by their
// pattern, never the raw URL a reset or verify link put a token in, and credentials in headers are
// redacted. A person goes through every flow that carries one, with the log at its most talkative,
// and the whole log is searched for each secret they used.

const captured = capturedLog();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: captured.logger });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'violet-Harbour-lantern-2291';

describe('the log', () => {
  it('holds none of the tokens, codes, keys and passwords a person used', async () => {
    const secrets: Record<string, string> = {};
    const user = await t.login(DEMO_USER_EMAIL, DEMO_PASSWORD);
    secrets.session = user.token!;
    secrets.password = DEMO_PASSWORD;

    // A password reset: the link's token in three URLs.
    expect((await t.client().get(`/api/person/password_reset_request/${DEMO_USER_EMAIL}`)).status).toBe(200);
    await t.flushMail();
    const reset = tokenFrom(
      await waitForMail(
        () => t.mailer.sent,
        DEMO_USER_EMAIL,
        (m) => /ResetPassword/.test(m.text),
      ),
      'ResetPassword',
    );
    secrets.reset = reset;
    await t.app.inject({ method: 'GET', url: `/ResetPassword/${reset}` });
    expect((await t.client().get(`/api/person/valid_reset_request/${reset}`)).body.valid).toBe(true);
    const changed = await t.client().post(`/api/person/reset_password/${reset}`, {
      email: DEMO_USER_EMAIL,
      password: NEW_PASSWORD,
      orgId: null,
    });
    expect(changed.body.success).toBe(true);
    secrets.newPassword = NEW_PASSWORD;

    // A new organization verifies its address.
    const body = registration('logged.founder@example.com', 'Quiet Logs Ltd');
    body.admin.password = 'amber-Quarry-whistle-8812';
    secrets.founderPassword = body.admin.password;
    expect((await t.client().post('/api/organization/register', body)).status).toBe(201);
    await t.flushMail();
    const verify = tokenFrom(
      await waitForMail(() => t.mailer.sent, 'logged.founder@example.com'),
      'VerifyEmail',
    );
    secrets.verify = verify;
    expect((await t.client().post(`/api/person/verify_email/${verify}`)).body.success).toBe(true);

    // Two-factor enrolment: the secret, the code that confirms it, the recovery codes.
    const again = await t.login(DEMO_USER_EMAIL, NEW_PASSWORD);
    secrets.secondSession = again.token!;
    const setup = await again.post('/api/person/2fa/setup');
    secrets.twoFactorSecret = setup.body.secret;
    const code = await generate({ secret: setup.body.secret });
    secrets.code = code;
    const enabled = await again.post('/api/person/2fa/enable', { code });
    expect(enabled.status).toBe(200);
    (enabled.body.recoveryCodes as string[]).forEach((c, i) => {
      secrets[`recovery${i}`] = c;
    });

    // An engine's calls with a license key, one refused.
    const [{ key }] = await queryRows<{ key: string }>(
      t.db,
      sql`SELECT api_key1 AS key FROM subscriptions WHERE id = 1`,
    );
    secrets.licenseKey = key;
    await t.app.inject({ method: 'POST', url: '/api/licensing/validate', payload: { licenseKey: key } });
    await t.app.inject({
      method: 'POST',
      url: '/api/licensing/activate',
      payload: { licenseKey: key, kind: 'designer', hostname: '' },
    });

    const log = captured.text();
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(5);
      expect(log.includes(secret) || log.includes(encodeURIComponent(secret)), name).toBe(false);
    }
    expect(log).toContain('"route":"/api/person/reset_password/:resetId"');
    expect(log).toContain('"route":"/api/person/verify_email/:verifyId"');
    expect(log).toContain('"route":"/api/licensing/validate"');
    // The request's headers, were they ever logged whole, say nothing either.
    expect(log).not.toMatch(/Bearer /i);
  });
});

describe("an engine's repeated refusals", () => {
  it('are logged at info once per route, address and status, the rest at debug', async () => {
    const heartbeat = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/licensing/heartbeat',
        remoteAddress,
        payload: { licenseKey: 'no-such-license-key-of-anyone', kind: 'engine', hostname: 'pod-1' },
      });
    for (let i = 0; i < 30; i++) expect((await heartbeat('10.9.0.1')).statusCode).toBe(404);
    expect((await heartbeat('10.9.0.2')).statusCode).toBe(404);

    const lines = captured
      .text()
      .split('\n')
      .filter(Boolean)
      .map(
        (line) => JSON.parse(line) as { level: number; msg: string; route?: string; remoteAddress?: string },
      )
      .filter((line) => line.msg === 'request completed' && line.route === '/api/licensing/heartbeat');
    const at = (address: string, level: number) =>
      lines.filter((line) => line.remoteAddress === address && line.level === level).length;
    const [INFO, DEBUG] = [30, 20];
    expect([at('10.9.0.1', INFO), at('10.9.0.1', DEBUG)]).toEqual([1, 29]);
    expect([at('10.9.0.2', INFO), at('10.9.0.2', DEBUG)]).toEqual([1, 0]);
  });
});

describe("the logger's redaction", () => {
  it('writes credentials in logged headers as [redacted]', () => {
    const { logger, text } = capturedLog('info');
    const headers = {
      authorization: 'Bearer tok_abcdef123456',
      cookie: 'XSRF-TOKEN=xsrf_abcdef123456',
      'x-xsrf-token': 'xsrf_abcdef123456',
      'stripe-signature': 't=1,v1=sig_abcdef123456',
    };
    logger.info({ req: { headers } }, 'a request');
    logger.info({ headers }, 'a call');
    const line = text();
    expect(line).toContain('[redacted]');
    expect(line).not.toMatch(/abcdef123456/);
  });
});
