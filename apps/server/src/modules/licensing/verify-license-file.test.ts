import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type IssuedLicensePayload,
  keyIdOf,
  LICENSE_FILE_BEGIN,
  LICENSE_FILE_END,
  LICENSE_FILE_VERSION,
  signLicenseFile,
} from './license-file';
import { verifyLicenseFile } from './verify-license-file';

const pair = generateKeyPairSync('ed25519');
const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const key = pair.privateKey;
const payload: IssuedLicensePayload = {
  version: LICENSE_FILE_VERSION,
  keyId: keyIdOf(pair.publicKey),
  licenseId: 50_007,
  subscriptionId: 7,
  description: 'Plant Floor',
  product: 1,
  productName: 'Pro',
  plan: 'Pro Standard',
  engineHosts: ['engine-a', 'engine-b'],
  designerHosts: ['ws-1'],
  issued: '2026-11-02T12:00:00.000Z',
  expiry: '2027-08-30T12:00:00.000Z',
  entitlements: { ocr: true, 'max-pages-per-document': 500 },
};

const body = (file: string) =>
  file.trim().slice(LICENSE_FILE_BEGIN.length, -LICENSE_FILE_END.length).replace(/\s+/g, '');
const armour = (b64: string) => `${LICENSE_FILE_BEGIN}\n${b64}\n${LICENSE_FILE_END}\n`;
const cert = (file: string) => JSON.parse(Buffer.from(body(file), 'base64').toString('utf8'));

describe('verifyLicenseFile', () => {
  it("verifies a file in Keygen's shape and returns its payload", () => {
    const file = signLicenseFile(payload, key);
    expect(file.startsWith('-----BEGIN LICENSE FILE-----\n')).toBe(true);
    expect(file.endsWith('\n-----END LICENSE FILE-----\n')).toBe(true);
    expect(cert(file).alg).toBe('base64+ed25519');
    expect(verifyLicenseFile(file, publicKeyPem)).toEqual(payload);
  });

  it('rejects a tampered payload', () => {
    const file = signLicenseFile(payload, key);
    const c = cert(file);
    const forged = Buffer.from(
      JSON.stringify({ ...payload, engineHosts: ['engine-a', 'engine-b', 'engine-c'] }),
    ).toString('base64');
    const tampered = armour(Buffer.from(JSON.stringify({ ...c, enc: forged })).toString('base64'));
    expect(() => verifyLicenseFile(tampered, publicKeyPem)).toThrow(
      'The license file signature is not valid',
    );
  });

  it('rejects a file signed by another key, a wrong algorithm and garbage', () => {
    const other = generateKeyPairSync('ed25519');
    const file = signLicenseFile(payload, other.privateKey);
    expect(() => verifyLicenseFile(file, publicKeyPem)).toThrow('The license file signature is not valid');
    const c = cert(signLicenseFile(payload, key));
    const wrongAlg = armour(
      Buffer.from(JSON.stringify({ ...c, alg: 'aes-256-gcm+ed25519' })).toString('base64'),
    );
    expect(() => verifyLicenseFile(wrongAlg, publicKeyPem)).toThrow('Unsupported algorithm');
    expect(() => verifyLicenseFile('hello', publicKeyPem)).toThrow('Not a license file');
    expect(() => verifyLicenseFile(armour('!!!'), publicKeyPem)).toThrow('The license file is corrupt');
  });

  it("fails a file past its expiry on the engine's clock, and never a perpetual one", () => {
    const file = signLicenseFile(payload, key);
    expect(verifyLicenseFile(file, publicKeyPem, new Date('2027-08-30T12:00:00Z'))).toEqual(payload);
    expect(() => verifyLicenseFile(file, publicKeyPem, new Date('2027-08-30T12:00:01Z'))).toThrow(
      'The license file has expired',
    );
    const perpetual = signLicenseFile({ ...payload, expiry: null }, key);
    expect(verifyLicenseFile(perpetual, publicKeyPem, new Date('2099-01-01T00:00:00Z')).expiry).toBeNull();
  });

  it('picks the published key the file names, so files signed before a rotation still verify', () => {
    const next = generateKeyPairSync('ed25519');
    const nextKeyId = keyIdOf(next.publicKey);
    const published = [
      { keyId: nextKeyId, publicKey: next.publicKey.export({ type: 'spki', format: 'pem' }).toString() },
      { keyId: payload.keyId as string, publicKey: publicKeyPem },
    ];
    const before = signLicenseFile(payload, key);
    const after = signLicenseFile(
      { ...payload, keyId: nextKeyId, issued: '2027-01-01T00:00:00.000Z' },
      next.privateKey,
    );
    expect(verifyLicenseFile(before, published)).toEqual(payload);
    expect(verifyLicenseFile(after, published).issued).toBe('2027-01-01T00:00:00.000Z');
    // Once the old key is no longer published, its files no longer verify.
    expect(() => verifyLicenseFile(before, published.slice(0, 1))).toThrow('not published');
  });
});
