import { designerHostCount } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLicensingTestApp, type LicensingTestApp } from '../../../test/support/licensing';
import { pricingPlans } from '../../db/schema';
import { fileEntitlements, verifyLicenseFile } from './verify-license-file';

// Entitlements (docs/decisions/039) in every answer an engine gets and in every file it verifies
// offline: the demo catalogue's plans carry them (assets/demo-catalog.json).

const PRO_STANDARD = { 'max-pages-per-document': 500, ocr: true, 'pdf-a': true };
const PRO_FLEET = { barcodes: true, 'max-pages-per-document': 2000, ocr: true, 'pdf-a': true };

let l: LicensingTestApp;
let publicKey: string;
beforeAll(async () => {
  l = await createLicensingTestApp();
  publicKey = (await l.t.client().get('/api/licensing/public-key')).body.publicKey;
});
afterAll(() => l.t.close());

const machine = (licenseKey: string, hostname: string) => ({ licenseKey, kind: 'engine', hostname });

describe('the answers engines get', () => {
  it("activation, heartbeat and validation carry the plan's entitlements, keys in name order", async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const activated = await l.engine('/api/licensing/activate', machine(sub.apiKey1, 'ent-01'));
    expect(activated.status).toBe(201);
    expect(activated.body.entitlements).toEqual(PRO_STANDARD);
    expect(Object.keys(activated.body.entitlements)).toEqual(['max-pages-per-document', 'ocr', 'pdf-a']);

    const again = await l.engine('/api/licensing/activate', machine(sub.apiKey1, 'ent-01'));
    expect([again.status, again.body.entitlements]).toEqual([200, PRO_STANDARD]);
    const beat = await l.engine('/api/licensing/heartbeat', machine(sub.apiKey1, 'ent-01'));
    expect([beat.status, beat.body.entitlements]).toEqual([200, PRO_STANDARD]);
    const valid = await l.engine('/api/licensing/validate', machine(sub.apiKey1, 'ent-01'));
    expect(valid.body).toMatchObject({ code: 'VALID', entitlements: PRO_STANDARD });
  });

  it('a refused validation still says what the license includes; an unknown key says nothing', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const stranger = await l.engine('/api/licensing/validate', machine(sub.apiKey1, 'never-activated'));
    expect(stranger.body).toMatchObject({ valid: false, code: 'NO_MACHINE', entitlements: PRO_STANDARD });
    const unknown = await l.engine('/api/licensing/validate', { licenseKey: 'no-such-key' });
    expect(unknown.body.code).toBe('NOT_FOUND');
    expect(unknown.body).not.toHaveProperty('entitlements');
  });

  it('lease checkout, renewal and borrow carry them, and the borrow file carries them signed', async () => {
    const sub = await l.subscribe('Pro Fleet', { numberMachines: 2 });
    const checkout = await l.engine('/api/licensing/leases', {
      licenseKey: sub.apiKey1,
      fingerprint: 'fp-ent',
      hostname: 'fleet-ent',
    });
    expect([checkout.status, checkout.body.entitlements]).toEqual([201, PRO_FLEET]);
    const leaseId = checkout.body.lease.leaseId;
    const renewed = await l.engine(`/api/licensing/leases/${leaseId}/heartbeat`, { licenseKey: sub.apiKey1 });
    expect([renewed.status, renewed.body.entitlements]).toEqual([200, PRO_FLEET]);
    const validated = await l.engine('/api/licensing/validate', { licenseKey: sub.apiKey1, leaseId });
    expect(validated.body).toMatchObject({ code: 'VALID', entitlements: PRO_FLEET });

    const borrowed = await l.engine(`/api/licensing/leases/${leaseId}/borrow`, {
      licenseKey: sub.apiKey1,
      days: 2,
    });
    expect([borrowed.status, borrowed.body.entitlements]).toEqual([200, PRO_FLEET]);
    const payload = verifyLicenseFile(borrowed.body.borrowFile, publicKey, l.clock.now());
    expect(payload).toMatchObject({ version: 2, leaseId, entitlements: PRO_FLEET });
    expect(fileEntitlements(payload)).toEqual(PRO_FLEET);
  });
});

describe('the offline license file', () => {
  it('carries the entitlements in its signed payload, version 2', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1, description: 'Air-gapped press' });
    const [plan] = await l.t.db.select().from(pricingPlans).where(eq(pricingPlans.planName, 'Pro Standard'));
    const api = await l.login();
    const res = await api.post('/api/subscription/make-offline', {
      subscriptionId: sub.id,
      engineHostNames: 'press-offline',
      autoTagHostNames: Array.from({ length: designerHostCount(plan!, 0) }, (_, i) => `ws-${i}`).join(';'),
    });
    expect(res.status).toBe(200);
    const payload = verifyLicenseFile(res.body.offlineLicenseKey, publicKey, l.clock.now());
    expect(payload).toMatchObject({ version: 2, engineHosts: ['press-offline'], entitlements: PRO_STANDARD });
  });
});

describe('the catalogue', () => {
  it('publishes each plan with its entitlements as the operator wrote them, sorted', async () => {
    const res = await l.t.client().get('/api/product/plans_for_product/Pro');
    const standard = res.body.find((p: { planName: string }) => p.planName === 'Pro Standard');
    expect(standard.entitlements).toEqual(['max-pages-per-document=500', 'ocr', 'pdf-a']);
  });
});
