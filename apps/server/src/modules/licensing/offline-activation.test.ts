import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licensingTestFile, USER_EMAIL } from '../../../test/support/licensing';
import { offlineActivations } from '../../db/schema';
import { releaseCodeOf } from './offline-file-keys';
import { verifyLicenseFile } from './verify-license-file';

// Offline activation by request file (docs/decisions/040): the portal answers an engine's request
// with a license file bound to its fingerprint, which holds a seat until released or expired.

const l = licensingTestFile('once');

const requestOf = (licenseKey: string, fingerprint: string, hostname = `plant-${fingerprint}`) => ({
  type: 'activation-request',
  version: 1,
  licenseKey,
  fingerprint,
  hostname,
  kind: 'engine',
  engineVersion: '1.0.0',
  nonce: `nonce-${fingerprint}`,
  created: l.clock.now().toISOString(),
});
const answer = (subscriptionId: number, request: object, client = l.admin) =>
  client.post(`/api/subscription/${subscriptionId}/offline-activations`, { request });
const release = (subscriptionId: number, code: string) =>
  l.admin.post(`/api/subscription/${subscriptionId}/offline-activations/release`, { code });

async function payloadOf(licenseFile: string) {
  const { body } = await l.t.client().get('/api/licensing/public-key');
  return verifyLicenseFile(licenseFile, body.keys, l.clock.now());
}

describe('POST /api/subscription/{id}/offline-activations', () => {
  it('answers a license file signed as offline files are, bound to the fingerprint, with a file id and usage key', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 2, description: 'Plant Floor' });
    const res = await answer(sub.id, requestOf(sub.apiKey1, 'fp-plant-a', 'plant-engine-a'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      fileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'engine',
      hostname: 'plant-engine-a',
      fingerprint: 'fp-plant-a',
      issued: l.clock.now().toISOString(),
      expiry: expect.any(String),
      fileName: `license_${sub.id + 50_000}_plant-engine-a.lic`,
      licenseFile: expect.stringContaining('-----BEGIN LICENSE FILE-----'),
    });
    const payload = await payloadOf(res.body.licenseFile);
    expect(payload).toMatchObject({
      licenseId: sub.id + 50_000,
      description: 'Plant Floor',
      plan: 'Pro Standard',
      engineHosts: ['plant-engine-a'],
      designerHosts: [],
      fileId: res.body.fileId,
      fingerprint: 'fp-plant-a',
      usageKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiry: res.body.expiry,
    });
    // The paid-through expiry: the end of the paid period plus 14 days.
    expect(new Date(res.body.expiry).getTime()).toBe(sub.nextBaseBillingDate!.getTime() + 14 * 86_400_000);
  });

  it('refuses a request made with another license key, and a plain user without the Licenses role', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const other = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const wrong = await answer(sub.id, requestOf(other.apiKey1, 'fp-x'));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: 'LICENSE_KEY_MISMATCH',
      message: 'This activation request names another license key: make it with this subscription’s key.',
    });
    const user = await l.login(USER_EMAIL);
    const refused = await answer(sub.id, requestOf(sub.apiKey1, 'fp-x'), user);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ROLE_REQUIRED');
    expect(
      await l.t.db.select().from(offlineActivations).where(eq(offlineActivations.subscriptionId, sub.id)),
    ).toEqual([]);
  });

  it('refuses a malformed request with the field named, and changes nothing', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const res = await answer(sub.id, { ...requestOf(sub.apiKey1, 'fp-x'), version: 2 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('version must be 1'),
    });
  });

  it('counts the file as a seat: a further machine is TOO_MANY_MACHINES, online or by request; the same machine again keeps its one seat', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    expect((await answer(sub.id, requestOf(sub.apiKey1, 'fp-one'))).status).toBe(201);
    const second = await answer(sub.id, requestOf(sub.apiKey1, 'fp-two'));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      code: 'TOO_MANY_MACHINES',
      message: expect.stringContaining('1 engine'),
    });
    const online = await l.activate(sub.apiKey1, 'engine', 'online-host');
    expect(online.status).toBe(409);
    expect(online.body.code).toBe('TOO_MANY_MACHINES');
    // A new request from the same machine replaces its file in the same seat.
    expect((await answer(sub.id, requestOf(sub.apiKey1, 'fp-one'))).status).toBe(201);
    const rows = await l.t.db
      .select()
      .from(offlineActivations)
      .where(eq(offlineActivations.subscriptionId, sub.id));
    expect(rows.map((r) => r.releasedBy).sort()).toEqual(['replaced', null].sort());
  });

  it('frees the seat at the file expiry without a release code', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const first = await answer(sub.id, requestOf(sub.apiKey1, 'fp-old'));
    expect((await answer(sub.id, requestOf(sub.apiKey1, 'fp-new'))).status).toBe(409);
    // As if the file had been issued long ago: its expiry has passed.
    await l.t.db
      .update(offlineActivations)
      .set({ expiresAt: new Date(l.clock.now().getTime() - 1000) })
      .where(eq(offlineActivations.id, first.body.fileId));
    expect((await answer(sub.id, requestOf(sub.apiKey1, 'fp-new'))).status).toBe(201);
  });
});

describe('POST /api/subscription/{id}/offline-activations/release', () => {
  it('frees the seat by the code the engine derives from its installed file; the code works once', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const issued = await answer(sub.id, requestOf(sub.apiKey1, 'fp-rel', 'plant-rel'));
    const payload = await payloadOf(issued.body.licenseFile);
    const code = releaseCodeOf(payload.usageKey!, payload.fileId!, payload.fingerprint!);
    expect(code).toMatch(/^[A-Z2-7]{16}$/);

    // Another machine's code (same file, another fingerprint) frees nothing.
    const forged = await release(sub.id, releaseCodeOf(payload.usageKey!, payload.fileId!, 'fp-other'));
    expect(forged.status).toBe(404);
    expect(forged.body).toEqual({
      code: 'RELEASE_CODE_WRONG',
      message: 'No license file of this subscription that still holds a seat has this release code.',
    });

    // As a person types it: lower case, in groups.
    const typed = code.toLowerCase().match(/.{4}/g)!.join('-');
    const res = await release(sub.id, ` ${typed} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ fileId: issued.body.fileId, kind: 'engine', hostname: 'plant-rel' });
    expect((await answer(sub.id, requestOf(sub.apiKey1, 'fp-next'))).status).toBe(201);
    expect((await release(sub.id, code)).body.code).toBe('RELEASE_CODE_WRONG');
  });
});
