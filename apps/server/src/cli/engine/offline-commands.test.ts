import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLicensingTestApp, type LicensingTestApp } from '../../../test/support/licensing';
import { subscriptions } from '../../db/schema';
import {
  installLicenseFile,
  releaseLicenseFile,
  writeActivationRequest,
  writeUsageFile,
} from './offline-commands';
import { type OfflineRunOptions, runOffline } from './offline-run';

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

const accrued = async (id: number) =>
  (await l.t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.accruedRtusThisMonth;

/**
 * An engine of the subscription on a machine of its own, its request answered by the portal: the
 * files (its request, the answer, the store's key) are in a folder of their own, nothing installed yet.
 */
async function answeredEngine(hostname: string, fingerprint: string) {
  const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
  const lines: string[] = [];
  const io = { print: (line: string) => lines.push(line), now: () => l.clock.now() };
  const home = mkdtempSync(join(dir, `${hostname}-`));
  const machine = { hostname, kind: 'engine' as const, fingerprint, dir: join(home, 'engine') };
  const files = {
    request: join(home, 'req.json'),
    file: join(home, 'answer.lic'),
    publicKey: join(home, 'key.pem'),
  };
  const request = writeActivationRequest({ ...machine, licenseKey: sub.apiKey1, out: files.request }, io);
  const answered = await admin.post(`/api/subscription/${sub.id}/offline-activations`, { request });
  expect(answered.status).toBe(201);
  writeFileSync(files.file, answered.body.licenseFile);
  writeFileSync(files.publicKey, (await l.t.client().get('/api/licensing/public-key')).body.publicKey);
  return { sub, lines, io, machine, files, request, answered: answered.body };
}

describe('npm run engine -- request | install | --offline | usage-file | release', () => {
  it('goes from request to release without the engine reaching the store', async () => {
    const { sub, lines, io, machine, files, request, answered } = await answeredEngine(
      'air-gap-01',
      'fp-air-gap',
    );
    expect(JSON.parse(readFileSync(files.request, 'utf8'))).toEqual(request);

    // The file is bound to its machine: another fingerprint will not install it.
    expect(() => installLicenseFile({ ...machine, ...files, fingerprint: 'fp-other' }, io)).toThrow(
      'This license file is bound to another machine',
    );
    const payload = installLicenseFile({ ...machine, ...files }, io);
    expect(payload.fileId).toBe(answered.fileId);

    // Offline, the engine runs from the installed file and records what it processes.
    const run = (more: Partial<OfflineRunOptions> = {}) =>
      runOffline({ ...machine, rate: 10, intervalSeconds: 1, ticks: 3, needs: ['ocr'], ...more }, io);
    expect(await run()).toBe(0);
    expect(lines.filter((line) => line.includes('processed'))).toHaveLength(3);
    expect(lines.at(-1)).toMatch(/stopped: 12 reports, 30 pages recorded$/);

    writeUsageFile({ ...machine, out: join(dir, 'usage.json') }, io);
    const usageFile = JSON.parse(readFileSync(join(dir, 'usage.json'), 'utf8'));
    const upload = () => admin.post(`/api/subscription/${sub.id}/usage-files`, { usageFile });
    expect((await upload()).body).toMatchObject({
      hostname: 'air-gap-01',
      accepted: 12,
      duplicates: 0,
      pages: 30,
    });
    // Written once, each job's transaction id counts once: the file again adds nothing.
    expect((await upload()).body).toMatchObject({ accepted: 0, duplicates: 12, pages: 0 });
    expect(await accrued(sub.id)).toBe(30);
    expect(() => writeUsageFile({ ...machine, out: join(dir, 'again.json') }, io)).toThrow(
      'No usage is recorded',
    );

    // What was processed after the last usage file keeps the file until it is written.
    await run({ ticks: 1 });
    expect(() => releaseLicenseFile(machine, io)).toThrow(
      '4 reports processed offline are in no usage file yet',
    );
    writeUsageFile({ ...machine, out: join(dir, 'usage-2.json') }, io);
    const code = releaseLicenseFile(machine, io);
    expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect(() => writeUsageFile({ ...machine, out: join(dir, 'late.json') }, io)).toThrow(
      'No license file is installed',
    );
    const released = await admin.post(`/api/subscription/${sub.id}/offline-activations/release`, { code });
    expect(released.body).toEqual({ fileId: answered.fileId, kind: 'engine', hostname: 'air-gap-01' });
    expect(lines.some((line) => line.includes(`Release code: ${code}`))).toBe(true);
  });
});

describe('npm run engine -- --offline', () => {
  it('refuses a job the file does not license, and stops once the file has expired', async () => {
    const { lines, io, machine, files, answered } = await answeredEngine('air-gap-02', 'fp-air-gap-2');
    installLicenseFile({ ...machine, ...files }, io);
    const run = (more: Partial<OfflineRunOptions>) =>
      runOffline({ ...machine, rate: 10, intervalSeconds: 1, ticks: 1, ...more }, io);

    lines.length = 0;
    expect(await run({ needs: ['barcodes'] })).toBe(0);
    expect(lines[2]?.slice(9)).toBe(
      'job refused: ENTITLEMENT_MISSING — This license does not include barcodes, which the job needs.',
    );
    expect(() => writeUsageFile({ ...machine, out: join(dir, 'none.json') }, io)).toThrow(
      'No usage is recorded',
    );

    // Another machine's fingerprint, or the file past its expiry: nothing runs.
    lines.length = 0;
    expect(await run({ fingerprint: 'fp-elsewhere' })).toBe(1);
    expect(lines[1]?.slice(9)).toBe(
      'license file: FINGERPRINT_MISMATCH — This license file is bound to another machine (fingerprint fp-air-gap-2)',
    );
    l.clock.set(new Date(new Date(answered.expiry).getTime() + 1000));
    lines.length = 0;
    expect(await run({})).toBe(1);
    expect(lines[1]?.slice(9)).toBe(
      'license file: EXPIRED — The license file has expired: upload a new activation request (run request) for a later file',
    );
    expect(lines[2]?.slice(9)).toBe('stopped: 0 reports, 0 pages recorded');
  });
});
