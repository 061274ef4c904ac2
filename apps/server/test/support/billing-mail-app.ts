import { afterAll, beforeAll } from 'vitest';
import type { ManualClock } from '../../src/lib/clock';
import type { BillingDeps } from '../../src/modules/billing/billing-engine';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test file's store whose mail really travels over SMTP to a capture server, with the billing
 * engine's dependencies on the file's clock: started before the file's tests, stopped after them.
 */
export function useBillingMailApp(clock: ManualClock) {
  let t: TestApp;
  let smtp: SmtpCapture;
  let deps: BillingDeps;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ clock, env: { SMTP_URL: smtp.url } });
    deps = { db: t.db, clock, gateway: t.gateway, publicUrl: 'https://store.test' };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  return {
    get t() {
      return t;
    },
    get smtp() {
      return smtp;
    },
    get deps() {
      return deps;
    },
    /** What reached `to` over SMTP once the outbox is sent. */
    async mailsTo(to: string) {
      await t.flushMail();
      return smtp.received.filter((m) => m.to.includes(to));
    },
  };
}
