import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLicensingTestApp, type LicensingTestApp } from '../../../test/support/licensing';
import {
  installLicenseFile,
  releaseLicenseFile,
  writeActivationRequest,
  writeUsageFile,
} from './offline-commands';

// The reference engine offline (docs/licensing.md "Offline activation by request file"): its request,
// answered through the portal's call, installed, its usage counted, and its release code freeing the seat.

let l: LicensingTestApp;
let admin: Awaited<ReturnType<LicensingTestApp['login']>>;
let dir: string;
beforeAll(async () => {
  l = await createLicensingTestApp();
  admin = await l.login();
  dir = mkdtempSync(join(tmpdir(), 'engine-offline-'));
});
afterAll(() => l.t.close());

describe('npm run engine -- request | install | usage-file | release', () => {
  it('goes from request to release without the engine reaching the store', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const lines: string[] = [];
    const io = { print: (line: string) => lines.push(line), now: () => l.clock.now() };
    const machine = {
      hostname: 'air-gap-01',
      kind: 'engine' as const,
      fingerprint: 'fp-air-gap',
      dir: join(dir, 'engine'),
    };

    const request = writeActivationRequest(
      { ...machine, licenseKey: sub.apiKey1, out: join(dir, 'req.json') },
      io,
    );
    expect(JSON.parse(readFileSync(join(dir, 'req.json'), 'utf8'))).toEqual(request);
    const answered = await admin.post(`/api/subscription/${sub.id}/offline-activations`, { request });
    expect(answered.status).toBe(201);
    writeFileSync(join(dir, 'answer.lic'), answered.body.licenseFile);
    const key = await l.t.client().get('/api/licensing/public-key');
    writeFileSync(join(dir, 'key.pem'), key.body.publicKey);

    // The file is bound to its machine: another fingerprint will not install it.
    expect(() =>
      installLicenseFile(
        {
          ...machine,
          fingerprint: 'fp-other',
          file: join(dir, 'answer.lic'),
          publicKey: join(dir, 'key.pem'),
        },
        io,
      ),
    ).toThrow('This license file is bound to another machine');
    const payload = installLicenseFile(
      { ...machine, file: join(dir, 'answer.lic'), publicKey: join(dir, 'key.pem') },
      io,
    );
    expect(payload.fileId).toBe(answered.body.fileId);

    writeUsageFile({ ...machine, pages: 10, out: join(dir, 'usage.json') }, io);
    const usageFile = JSON.parse(readFileSync(join(dir, 'usage.json'), 'utf8'));
    const counted = await admin.post(`/api/subscription/${sub.id}/usage-files`, { usageFile });
    expect(counted.body).toMatchObject({ hostname: 'air-gap-01', duplicates: 0, pages: 10 });

    const code = releaseLicenseFile(machine, io);
    expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect(() => writeUsageFile({ ...machine, pages: 1, out: join(dir, 'late.json') }, io)).toThrow(
      'No license file is installed',
    );
    const released = await admin.post(`/api/subscription/${sub.id}/offline-activations/release`, { code });
    expect(released.body).toEqual({ fileId: answered.body.fileId, kind: 'engine', hostname: 'air-gap-01' });
    expect(lines.some((line) => line.includes(`Release code: ${code}`))).toBe(true);
  });
});
