import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyBaseLogger, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { composeWebhooks } from '../../src/compose-webhooks';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import type { PaymentGateway } from '../../src/gateway/payment-gateway';
import { createSandboxGateway } from '../../src/gateway/sandbox-gateway';
import { ManualClock } from '../../src/lib/clock';
import { createMemoryMailer } from '../../src/mail/mailer';
import { startOutboxSender } from '../../src/mail/outbox-sender';
import { createSmtpMailer } from '../../src/mail/smtp-mailer';
import { invoiceAttachments } from '../../src/modules/billing/invoice-attachment';
import { createOfflineLicenseService, signingKeySource } from '../../src/modules/licensing';
import { startWebhookSender } from '../../src/modules/webhooks';
import { seedDemo } from '../../src/seed';
import { DEMO_COMPANY, DEMO_EMAIL, DEMO_PASSWORD } from '../../src/seed/organizations';
import { createDatabase, dropDatabase } from './postgres';
import { createResponseChecker } from './response-contract';
import { TEST_START } from './test-start';

/** The template databases the global setup made (database-templates.ts), when it made them. */
function template(kind: 'migratedTemplate' | 'seededTemplate'): string | null {
  try {
    return inject(kind) ?? null;
  } catch {
    // Outside a Vitest run (a benchmark's own use of this module): no templates.
    return null;
  }
}

/**
 * A fresh database for one test file: a new PostgreSQL database when TEST_DATABASE_URL is set
 * (dropped on close, so reruns never collide), otherwise an in-memory PGlite. On PostgreSQL it is a
 * copy of the migrated template (or, with `seeded`, of the demo store at TEST_START) when the global
 * setup made one.
 */
export async function createTestDatabase(opts: { seeded?: boolean } = {}): Promise<Database> {
  if (!process.env.TEST_DATABASE_URL) {
    const database = await openDatabase({});
    await migrate(database);
    return database;
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const copied = template(opts.seeded ? 'seededTemplate' : 'migratedTemplate');
  const database = await openDatabase({ databaseUrl: await createDatabase(name, undefined, copied) });
  if (!copied) await migrate(database);
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(name);
    },
  };
}

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** The answer's text as the client reads it: a compressed answer is judged after decompression. */
function decodedBody(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(res.rawPayload).toString('utf8');
  return res.body;
}

/**
 * Every answer a test receives, through the client below or a raw `app.inject`, is checked against
 * the OpenAPI document the app publishes (docs/design.md §4): a drift fails the test that saw it.
 */
function holdAnswersToTheDocument(app: App): void {
  const check = createResponseChecker(app.swagger() as Parameters<typeof createResponseChecker>[0]);
  const inject = app.inject.bind(app);
  const checked = async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    const request = typeof opts === 'string' ? { method: 'GET', url: opts } : opts;
    const drift = check({
      method: String(request.method ?? 'GET').toUpperCase(),
      url: String(request.url ?? ''),
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      body: decodedBody(res),
    });
    if (drift) throw new Error(`The answer drifts from the API document: ${drift}`);
    return res;
  };
  app.inject = checked as typeof app.inject;
}

export interface TestAppOptions {
  seed?: boolean;
  clock?: ManualClock;
  gateway?: (database: Database) => PaymentGateway;
  env?: Record<string, string>;
  /** A database the test opened itself (through a proxy it can cut); the test drops it. */
  database?: Database;
  /** Where the app logs (the tests of what reaches the log); none by default. */
  logger?: FastifyBaseLogger;
}

/** The real app over a real database, driven through inject(); mail is captured, time is manual. */
export async function createTestApp(opts: TestAppOptions = {}) {
  const clock = opts.clock ?? new ManualClock(TEST_START);
  const config = loadConfig({
    DEMO: '1',
    BILLING_INTERVAL_SECONDS: '0',
    WEB_DIST: '/nonexistent',
    // Tests change rows directly, as another process would, and read at once: the caches would
    // answer until the database's announcement arrives. plugins/read-caches.test.ts turns them on.
    READ_CACHES: '0',
    ...opts.env,
  });
  // The key the app signs offline license files with, from the same configuration.
  const signingKeys = signingKeySource(config);
  // The seeded template is the demo store seeded at TEST_START with the keys it keeps itself.
  const seededCopy =
    !opts.database &&
    opts.seed !== false &&
    !config.licenseSigning &&
    clock.now().getTime() === Date.parse(TEST_START) &&
    template('seededTemplate') !== null;
  const database = opts.database ?? (await createTestDatabase({ seeded: seededCopy }));
  if (opts.seed !== false && !seededCopy)
    await seedDemo(database.db, clock, createOfflineLicenseService({ signingKeys }));
  const gateway = opts.gateway ? opts.gateway(database) : createSandboxGateway(database.db);
  // With SMTP_URL in env, mail is also delivered over SMTP (tests that read it from a real server).
  const mailer = createMemoryMailer(
    config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined,
  );
  const { app, deps } = await buildApp({ config, database, clock, gateway, logger: opts.logger });
  await app.ready();
  // The outbox sender, as the worker runs it, looking often: tests wait for mail, not for a poll.
  const outbox = startOutboxSender(
    {
      db: database.db,
      transport: mailer,
      resolveAttachment: invoiceAttachments(database.db, config.seller),
      messageIdDomain: 'store.test',
    },
    { pollMs: 20 },
  );
  // The webhook sender, driven by the test (`webhooks.pass()`), on the test's clock.
  const webhookService = composeWebhooks({ config, database, clock });
  const webhooks = startWebhookSender({ db: database.db, clock, webhooks: webhookService }, { pollMs: 0 });
  holdAnswersToTheDocument(app);

  let xsrfCounter = 0;
  /** A client that behaves as the SPA does: XSRF cookie echoed in the header, bearer token. */
  function client(token?: string) {
    const xsrf = `test-xsrf-${++xsrfCounter}`;
    const request = async (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const res = await app.inject({
        method,
        url,
        payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        headers: {
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      });
      // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the endpoint answered
      let json: any = null;
      try {
        json = res.json();
      } catch {
        json = null;
      }
      return { status: res.statusCode, body: json, raw: res };
    };
    return {
      token,
      get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
      post: (url: string, body?: unknown, headers?: Record<string, string>) =>
        request('POST', url, body ?? {}, headers),
      put: (url: string, body?: unknown, headers?: Record<string, string>) =>
        request('PUT', url, body ?? {}, headers),
      delete: (url: string, headers?: Record<string, string>, body?: unknown) =>
        request('DELETE', url, body, headers),
    };
  }

  /** Signs in and returns a client carrying the token; orgId picks one of several organizations. */
  async function login(email = DEMO_EMAIL, password = DEMO_PASSWORD, orgId: number | null = null) {
    const res = await client().post('/api/authenticate', { email, password, orgId, rememberMe: true });
    if (!res.body?.success) throw new Error(`login failed for ${email}: ${JSON.stringify(res.body)}`);
    return { ...client(res.body.token), person: res.body.person, organization: res.body.organization };
  }

  /** The demo admin in 'Demo Documents Inc.'. */
  async function loginDemo() {
    const orgs = await client().post('/api/authenticate', {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      orgId: null,
    });
    const demo = orgs.body.possibleOrganizations.find(
      (o: { companyName: string }) => o.companyName === DEMO_COMPANY,
    );
    return login(DEMO_EMAIL, DEMO_PASSWORD, demo.organizationId);
  }

  return {
    app,
    deps,
    signingKeys,
    db: database.db,
    database,
    clock,
    mailer,
    outbox,
    webhooks,
    /** Sends what the outbox holds now; then `mailer.sent` has it (mail leaves through the outbox). */
    flushMail: () => outbox.drain(),
    gateway,
    client,
    login,
    loginDemo,
    /**
     * Ends every throttle's window, as if its time had passed: rate-limiter-flexible keeps real
     * time, not the test's clock.
     */
    async endThrottleWindows() {
      await database.query('UPDATE rate_limits SET expire = 1');
    },
    async close() {
      await webhooks.stop();
      await outbox.stop();
      mailer.close?.();
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
