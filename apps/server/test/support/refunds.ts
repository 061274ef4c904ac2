import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_TOTP_SECRET, seedDemoOperator } from '../../src/seed/operator';
import { DEMO_PASSWORD } from '../../src/seed/organizations';
import type { TestApp } from './test-app';

/** The demo operator, signed in with password and a code of its fixed two-factor secret. */
export async function loginOperator(t: TestApp) {
  await seedDemoOperator(t.db, t.deps.config);
  for (const offset of [0, 30, 60]) {
    const totp = await generate({
      secret: DEMO_OPERATOR_TOTP_SECRET,
      epoch: Math.floor(Date.now() / 1000) + offset,
    });
    const res = await t
      .client()
      .post('/api/authenticate', { email: DEMO_OPERATOR_EMAIL, password: DEMO_PASSWORD, orgId: null, totp });
    if (res.body?.success) return t.client(res.body.token);
  }
  throw new Error('the demo operator could not sign in');
}

/** The text of a PDF as pdftotext reads it (layout kept, so a label and its value share a line). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
