import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import {
  linkFrom,
  type ReceivedMail,
  type SmtpCapture,
  startSmtpCapture,
} from '../../apps/server/src/mail/smtp-capture';

// The accounts specs need mail that really travels over SMTP. The global setup's demo server logs
// its mail instead, so each worker running these specs starts an in-process SMTP server and its own
// demo server (own data directory) with SMTP_URL pointing at it; `baseURL` then points at that
// server, so these specs also never touch the shared demo server's data.

const repoRoot = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mail server exited with ${child.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`mail server did not start; see ${logFile}`);
}

/** Copies apps/web/dist once it is complete (another engineer's build may be rewriting it). */
async function copyBuiltSpa(to: string): Promise<void> {
  const from = path.join(repoRoot, 'apps/web/dist');
  for (let attempt = 0; attempt < 120; attempt++) {
    if (existsSync(path.join(from, 'index.html'))) {
      rmSync(to, { recursive: true, force: true });
      try {
        cpSync(from, to, { recursive: true });
        if (existsSync(path.join(to, 'index.html'))) return;
      } catch {
        // a file vanished mid-copy: try again
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('apps/web/dist/index.html did not appear; build the web app first');
}

export interface MailServer {
  url: string;
  smtp: SmtpCapture;
  /** The next mail to `to` whose subject matches, received after `since` mails (default: any). */
  waitForMail(to: string, subject: string | RegExp, since?: number): Promise<ReceivedMail>;
  /** The link of that mail to the given screen, as a path for page.goto (same server). */
  linkIn(mail: ReceivedMail, screen: 'VerifyEmail' | 'ResetPassword'): string;
}

export const test = base.extend<object, { mailServer: MailServer }>({
  mailServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use, workerInfo) => {
      const smtp = await startSmtpCapture();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-mail-'));
      mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
      // A copy of the built SPA, so a rebuild by someone else meanwhile cannot pull files from under us.
      const webDist = path.join(dataDir, 'web-dist');
      await copyBuiltSpa(webDist);
      const logFile = path.join(repoRoot, 'test-results', `e2e-mail-server-${workerInfo.workerIndex}.log`);
      const log = createWriteStream(logFile);
      const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          DEMO: '1',
          DATABASE_URL: '',
          SMTP_URL: smtp.url,
          PUBLIC_URL: url,
          LOG_LEVEL: 'warn',
          WEB_DIST: webDist,
        },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
      try {
        await waitForHealth(url, child, logFile);
        await use({
          url,
          smtp,
          waitForMail: (to, subject, since = 0) =>
            smtp.waitFor(
              to,
              (m) =>
                smtp.received.indexOf(m) >= since &&
                (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
            ),
          linkIn: (mail, screen) => new URL(linkFrom(mail, screen)).pathname,
        });
      } finally {
        const exited = new Promise<void>((r) =>
          child.exitCode !== null ? r() : child.once('exit', () => r()),
        );
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        log.end();
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ mailServer }, use) => use(mailServer.url),
});

export { expect } from '@playwright/test';

/** Screenshots for people to look at (docs/ARCHITECTURE.md): .screens/ at the repository root, ignored by git. */
export const screenshotPath = (name: string) => path.join(repoRoot, '.screens', `${name}.png`);

/** A name no other run or spec uses. */
export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
