import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import {
  linkFrom,
  type ReceivedMail,
  type SmtpCapture,
  startSmtpCapture,
} from '../../apps/server/test/support/smtp-capture';
import { startDemoServer } from './demo-server';
import { operatorPage } from './ops-console';

// The accounts specs need mail that really travels over SMTP. The global setup's demo server logs
// its mail instead, so each worker running these specs starts an in-process SMTP server and its own
// demo server (own data directory) with SMTP_URL pointing at it; `baseURL` then points at that
// server, so these specs also never touch the shared demo server's data.

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface MailServer {
  url: string;
  smtp: SmtpCapture;
  /** The next mail to `to` whose subject matches, received after `since` mails (default: any). */
  waitForMail(to: string, subject: string | RegExp, since?: number): Promise<ReceivedMail>;
  /** The link of that mail to the given screen, as a path for page.goto (same server). */
  linkIn(mail: ReceivedMail, screen: 'VerifyEmail' | 'ResetPassword'): string;
}

/**
 * A demo server of its own whose mail really travels over SMTP to a capture in this process.
 * `env` adds settings, given the server's address.
 */
export async function startMailServer(
  name: string,
  env: (url: string) => Record<string, string> = () => ({}),
): Promise<MailServer & { databaseUrl?: string; stop(): Promise<void> }> {
  const smtp = await startSmtpCapture();
  let stopped: Promise<void> | undefined;
  const server = await startDemoServer(name, (url) => ({
    SMTP_URL: smtp.url,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    ...env(url),
  }));
  return {
    url: server.url,
    databaseUrl: server.databaseUrl,
    smtp,
    waitForMail: (to, subject, since = 0) =>
      smtp.waitFor(
        to,
        (m) =>
          smtp.received.indexOf(m) >= since &&
          (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
        30_000,
      ),
    linkIn: (mail, screen) => new URL(linkFrom(mail, screen)).pathname,
    // Once: the spec's end and its worker's teardown both ask.
    stop: () => {
      stopped ??= server.stop().then(() => smtp.close());
      return stopped;
    },
  };
}

const serverTest = (name: (workerIndex: number) => string, env?: () => Record<string, string>) =>
  base.extend<{ ops: Page }, { mailServer: MailServer & { databaseUrl?: string; stop(): Promise<void> } }>({
    mailServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
      async ({}, use, workerInfo) => {
        const server = await startMailServer(name(workerInfo.workerIndex), env);
        try {
          await use(server);
        } finally {
          await server.stop();
        }
      },
      { scope: 'worker', timeout: 150_000 },
    ],
    baseURL: async ({ mailServer }, use) => use(mailServer.url),
    /** The demo operator's console beside the customer's page, in a context of its own, closed after the test. */
    ops: async ({ browser, baseURL }, use) => {
      const page = await operatorPage(browser, baseURL);
      await use(page);
      await page.context().close();
    },
  });

/**
 * The test of a spec whose server is its own, started with `env` (a billing tick every second, say),
 * as `mailServer` and the baseURL; `name` names its database. The server stops when the spec ends:
 * left to its worker's end, its jobs would keep ticking beside every later spec of the run.
 */
export function testWithServer(name: (workerIndex: number) => string, env?: () => Record<string, string>) {
  const test = serverTest(name, env);
  test.afterAll(async ({ mailServer }) => mailServer.stop());
  return test;
}

/** The test of the specs that share one mail server per worker, for the whole run. */
export const test = serverTest((worker) => `mail-server-${worker}`);

export { expect } from '@playwright/test';

/** Screenshots for people to look at (docs/ARCHITECTURE.md): .screens/ at the repository root, ignored by git. */
export const screenshotPath = (name: string) => path.join(repoRoot, '.screens', `${name}.png`);

/** A name no other run or spec uses. */
export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
