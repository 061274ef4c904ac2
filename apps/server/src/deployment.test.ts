import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BillingMode } from '@store/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { makeOrganization, makeSubscription, planId } from '../test/support/billing';
import { fakeStripe } from '../test/support/fake-stripe';
import { ADMIN_URL, dropDatabase, postgresReachable } from '../test/support/postgres';
import { freePort } from '../test/support/processes';
import { type SmtpCapture, startSmtpCapture } from '../test/support/smtp-capture';
import { type Database, openDatabase, queryRows } from './db/client';
import { migrate } from './db/migrate';
import { seedCatalog } from './seed/catalog';

// The deployment of compose.yaml (decision 018), as the image runs it: the compiled server, in
// production mode, with the environment compose.yaml gives the app replicas and the worker, pointed
// at a test database, the fake of Stripe and an SMTP server of the test. Two app processes (HTTP
// only) and one worker on one PostgreSQL: every due period is billed once, the receipts go out,
// both replicas are ready, and each process stops cleanly on SIGTERM.

const root = join(import.meta.dirname, '..', '..', '..');
const SUBS = 4;
const PERIODS = 3;
const reachable = await postgresReachable();

type Env = Record<string, string>;

/** The environment of a compose service, ${VAR}, ${VAR:-default} and ${VAR:?error} filled in from `vars`. */
function serviceEnv(service: { environment: Record<string, string | number> }, vars: Env): Env {
  return Object.fromEntries(
    Object.entries(service.environment).map(([k, v]) => [
      k,
      String(v).replace(
        /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
        (_m, name: string, kind?: string, fallback?: string) =>
          vars[name] ?? (kind === '-' ? fallback : undefined) ?? '',
      ),
    ]),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!reachable && process.env.CI !== 'true')('the compose deployment, production mode', () => {
  const name = `deploy_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const fake = fakeStripe();
  const processes: { name: string; child: ChildProcess; output: string[] }[] = [];
  let database: Database;
  let smtp: SmtpCapture;
  let ports: number[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'apps/server/build.mjs')], { stdio: 'ignore' });
    const admin = await openDatabase({ databaseUrl: ADMIN_URL });
    await admin.exec(`CREATE DATABASE ${name}`);
    await admin.close();
    database = await openDatabase({ databaseUrl: url.toString() });
    await migrate(database);
    await seedCatalog(database.db);
    const org = await makeOrganization(database.db, {
      name: 'Deployed Co.',
      adminEmail: 'deployed@example.com',
    });
    const start = new Date();
    start.setUTCMonth(start.getUTCMonth() - PERIODS);
    start.setUTCDate(Math.min(start.getUTCDate(), 28));
    start.setUTCHours(start.getUTCHours() - 2);
    for (let i = 0; i < SUBS; i++) {
      await makeSubscription(database.db, {
        organizationId: org.id,
        pricingPlanId: await planId(database.db, 'Pro Standard'),
        description: `Deployed ${i + 1}`,
        billingMode: BillingMode.Monthly,
        numberMachines: 1,
        purchasedAt: start,
      });
    }
    smtp = await startSmtpCapture();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));

    const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true });
    const vars: Env = {
      PUBLIC_URL: 'https://store.test',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_deployment_test',
      TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
      LICENSE_SIGNING_KEY: generateKeyPairSync('ed25519')
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      METRICS_TOKEN: randomBytes(16).toString('hex'),
      SELLER_NAME: 'Example Software GmbH',
      SELLER_ADDRESS: 'Hauptstrasse 1\\n10115 Berlin\\nGermany',
      SELLER_TAX_ID: 'DE123456789',
    };
    // Where the test's own services are, instead of compose's host names.
    const local: Env = {
      DATABASE_URL: url.toString(),
      SMTP_URL: smtp.url,
      STRIPE_API_BASE: `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`,
      HOST: '127.0.0.1',
      OUTBOX_POLL_MS: '200',
    };
    const start1 = (label: string, command: string[], env: Env) => {
      const [, ...args] = command;
      const child = spawn(process.execPath, args, {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output: string[] = [];
      child.stdout!.on('data', (d) => output.push(String(d)));
      child.stderr!.on('data', (d) => output.push(String(d)));
      processes.push({ name: label, child, output });
    };
    const image = ['node', '--enable-source-maps', 'apps/server/dist/server.js'];
    ports = [await freePort(), await freePort()];
    for (const [i, service] of ['app1', 'app2'].entries()) {
      expect(compose.services[service].environment.RUN_JOBS).toBe('0');
      start1(service, image, {
        ...serviceEnv(compose.services[service], vars),
        ...local,
        PORT: String(ports[i]),
      });
    }
    const worker = compose.services.worker;
    // The worker looks for due work every second here (compose says every minute).
    start1('worker', worker.command, {
      ...serviceEnv(worker, vars),
      ...local,
      BILLING_INTERVAL_SECONDS: '1',
    });
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await smtp?.close();
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
    await database?.close();
    await dropDatabase(name);
  });

  it('bills each due period once and mails the receipts; the replicas are ready; SIGTERM stops all', async () => {
    const ready = async (port: number) => {
      const until = Date.now() + 30_000;
      while (Date.now() < until) {
        const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
        if (res?.ok) return true;
        await sleep(200);
      }
      return false;
    };
    for (const port of ports)
      expect(await ready(port), processes.map((p) => p.output.join('')).join('\n')).toBe(true);

    const paidRenewals = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            database.db,
            sql`SELECT count(*)::int AS n FROM orders WHERE kind = 'renewal' AND paid_at IS NOT NULL`,
          )
        )[0]!.n,
      );
    const until = Date.now() + 60_000;
    while (
      (await paidRenewals()) < SUBS * PERIODS ||
      smtp.received.filter((m) => m.subject.startsWith('Receipt')).length < SUBS * PERIODS
    ) {
      if (Date.now() > until)
        throw new Error(processes.map((p) => `${p.name}: ${p.output.join('')}`).join('\n'));
      await sleep(250);
    }
    await sleep(2000);
    const perSubscription = await queryRows<{ n: number; periods: number }>(
      database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT l.period_start)::int AS periods FROM orders o
          JOIN order_lines l ON l.order_id = o.id WHERE o.kind = 'renewal' GROUP BY l.subscription_id`,
    );
    expect(perSubscription).toEqual(Array.from({ length: SUBS }, () => ({ n: PERIODS, periods: PERIODS })));
    const receipts = smtp.received.filter((m) => m.subject.startsWith('Receipt'));
    expect(receipts).toHaveLength(SUBS * PERIODS);
    expect(new Set(receipts.map((m) => m.subject)).size).toBe(SUBS * PERIODS);
    expect(receipts.every((m) => m.raw.includes('application/pdf'))).toBe(true);
    const charges = fake.intents.filter((i) => i.status === 'succeeded');
    expect(charges).toHaveLength(SUBS * PERIODS);

    const exits = processes.map(
      (p) => new Promise<number | null>((resolve) => p.child.once('exit', (code) => resolve(code))),
    );
    for (const p of processes) p.child.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0, 0]);
  }, 120_000);
});
