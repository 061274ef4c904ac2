import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { Entitlements } from '@store/core';
import {
  type IssuedLicensePayload,
  keyIdOf,
  LICENSE_FILE_BEGIN,
  LICENSE_FILE_END,
  LICENSE_FILE_VERSION,
  type LicensePayload,
  signLicenseFile,
  signPayload,
} from './license-file';

// The offline license test vectors (docs/licensing/vectors): files signed by fixed test keys, so
// that a verifier in any language can be checked against the same cases (docs/licensing.md). Ed25519
// signatures are deterministic: the same keys and payloads give the same files, byte for byte.
// These keys sign nothing but the vectors; the store's own key is never in the repository.

export const VECTORS_DIR = 'docs/licensing/vectors';

/** A test key from a fixed seed: PKCS#8 is a constant prefix and the 32-byte Ed25519 seed. */
function testKey(name: string): { privateKey: KeyObject; publicKey: KeyObject } {
  const seed = createHash('sha256').update(`license test vectors: ${name}`).digest();
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

export type LicenseVector = {
  name: string;
  file: string;
  /** The engine's clock and host name when it verifies. */
  now: string;
  hostname: string;
  kind: 'engine' | 'designer';
  /** 'valid', or the reason a verifier refuses the file (LicenseFileFailure). */
  expect: 'valid' | 'unknown-key' | 'signature' | 'expired' | 'wrong-host';
  licenseId?: number;
  /** What a valid file licenses: its payload's `entitlements` (a version 1 file has none: {}). */
  entitlements?: Entitlements;
};

export type LicenseVectors = {
  /** File name → content: the public key, the license files and vectors.json. */
  files: Record<string, string>;
  vectors: LicenseVector[];
};

const bodyOf = (file: string) =>
  file.trim().slice(LICENSE_FILE_BEGIN.length, -LICENSE_FILE_END.length).replace(/\s+/g, '');

/** The same file with its payload changed and its signature kept: what a forger would try. */
function tamper(file: string, payload: LicensePayload): string {
  const cert = JSON.parse(Buffer.from(bodyOf(file), 'base64').toString('utf8'));
  const enc = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
  const body = Buffer.from(JSON.stringify({ ...cert, enc }), 'utf8').toString('base64');
  return `${LICENSE_FILE_BEGIN}\n${body.match(/.{1,64}/g)!.join('\n')}\n${LICENSE_FILE_END}\n`;
}

export function buildLicenseVectors(): LicenseVectors {
  const store = testKey('store');
  const other = testKey('another store');
  const payload: IssuedLicensePayload = {
    version: LICENSE_FILE_VERSION,
    keyId: keyIdOf(store.publicKey),
    licenseId: 50_042,
    subscriptionId: 42,
    description: 'Plant Floor (air-gapped)',
    product: 1,
    productName: 'Pro',
    plan: 'Pro Standard',
    engineHosts: ['plant-engine-a', 'plant-engine-b'],
    designerHosts: ['design-ws-01'],
    issued: '2026-11-02T12:00:00.000Z',
    expiry: '2027-12-16T12:00:00.000Z',
    entitlements: { barcodes: true, edition: 'pro', 'max-pages-per-document': 500, ocr: true, 'pdf-a': true },
  };
  const entitlements = payload.entitlements;
  // A file issued before payloads had a version and entitlements: verifiers read it as licensing none.
  const { version: _version, entitlements: _none, ...version1 } = payload;
  const valid = signLicenseFile(payload, store.privateKey);
  const files: Record<string, string> = {
    'public-key.pem': store.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    'valid.lic': valid,
    'valid-perpetual.lic': signLicenseFile(
      { ...payload, licenseId: 50_043, expiry: null, entitlements: {} },
      store.privateKey,
    ),
    'valid-version-1.lic': signPayload({ ...version1, licenseId: 50_044 }, store.privateKey),
    'tampered.lic': tamper(valid, { ...payload, engineHosts: [...payload.engineHosts, 'plant-engine-c'] }),
    'tampered-entitlements.lic': tamper(valid, {
      ...payload,
      entitlements: { ...payload.entitlements, 'max-pages-per-document': 100_000, redaction: true },
    }),
    'expired.lic': signLicenseFile({ ...payload, expiry: '2026-11-16T12:00:00.000Z' }, store.privateKey),
    'unknown-key-id.lic': signLicenseFile({ ...payload, keyId: keyIdOf(other.publicKey) }, other.privateKey),
  };
  const now = '2026-12-01T00:00:00Z';
  const vectors: LicenseVector[] = [
    {
      name: 'valid',
      file: 'valid.lic',
      now,
      hostname: 'plant-engine-b',
      kind: 'engine',
      expect: 'valid',
      licenseId: 50_042,
      entitlements,
    },
    {
      name: 'valid designer, host names compared without case',
      file: 'valid.lic',
      now,
      hostname: 'DESIGN-WS-01',
      kind: 'designer',
      expect: 'valid',
      licenseId: 50_042,
      entitlements,
    },
    {
      name: 'valid perpetual (no expiry)',
      file: 'valid-perpetual.lic',
      now: '2099-01-01T00:00:00Z',
      hostname: 'plant-engine-a',
      kind: 'engine',
      expect: 'valid',
      licenseId: 50_043,
      entitlements: {},
    },
    {
      name: 'valid version 1 (issued before entitlements: none)',
      file: 'valid-version-1.lic',
      now,
      hostname: 'plant-engine-a',
      kind: 'engine',
      expect: 'valid',
      licenseId: 50_044,
      entitlements: {},
    },
    {
      name: 'tampered',
      file: 'tampered.lic',
      now,
      hostname: 'plant-engine-c',
      kind: 'engine',
      expect: 'signature',
    },
    {
      name: 'tampered entitlements (a feature added)',
      file: 'tampered-entitlements.lic',
      now,
      hostname: 'plant-engine-a',
      kind: 'engine',
      expect: 'signature',
    },
    {
      name: 'expired',
      file: 'expired.lic',
      now,
      hostname: 'plant-engine-a',
      kind: 'engine',
      expect: 'expired',
    },
    {
      name: 'wrong host',
      file: 'valid.lic',
      now,
      hostname: 'intruder-01',
      kind: 'engine',
      expect: 'wrong-host',
    },
    {
      name: 'unknown key id',
      file: 'unknown-key-id.lic',
      now,
      hostname: 'plant-engine-a',
      kind: 'engine',
      expect: 'unknown-key',
    },
  ];
  files['vectors.json'] =
    `${JSON.stringify({ publicKey: 'public-key.pem', keyId: payload.keyId, vectors }, null, 2)}\n`;
  return { files, vectors };
}
