import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLicenseVectors, VECTORS_DIR } from './license-vectors';
import {
  assertLicensedHost,
  fileEntitlements,
  LicenseFileError,
  verifyLicenseFile,
} from './verify-license-file';

// The offline license test vectors (docs/licensing/vectors), as the TypeScript verifier reads them;
// the Java verifier of docs/licensing.md runs against the same files in license-vectors-java.test.ts.

const dir = join(resolve(import.meta.dirname, '../../../../..'), VECTORS_DIR);
const read = (name: string) => readFileSync(join(dir, name), 'utf8');
const manifest = JSON.parse(read('vectors.json')) as ReturnType<typeof buildLicenseVectors> & {
  keyId: string;
};
const publicKey = read('public-key.pem');

/** What an engine does with a file: verify it on its clock, then check its own host. */
function outcome(v: (typeof manifest.vectors)[number]): string {
  try {
    const payload = verifyLicenseFile(read(v.file), publicKey, new Date(v.now));
    assertLicensedHost(payload, v.hostname, v.kind);
    return `valid ${payload.licenseId} ${JSON.stringify(fileEntitlements(payload))}`;
  } catch (error) {
    if (error instanceof LicenseFileError) return error.reason;
    throw error;
  }
}

describe('the offline license test vectors', () => {
  it('are what their fixed test keys sign (rewrite them with apps/server/src/cli/license-vectors.ts)', () => {
    for (const [name, content] of Object.entries(buildLicenseVectors().files)) {
      expect(read(name), name).toBe(content);
    }
  });

  it('carry entitlements in every file the store signs now, and a version 1 file without', () => {
    const withThem = manifest.vectors.filter((v) => v.expect === 'valid' && v.licenseId === 50_042);
    expect(withThem.map((v) => v.entitlements)).toEqual([
      { barcodes: true, edition: 'pro', 'max-pages-per-document': 500, ocr: true, 'pdf-a': true },
      { barcodes: true, edition: 'pro', 'max-pages-per-document': 500, ocr: true, 'pdf-a': true },
    ]);
    const version1 = manifest.vectors.find((v) => v.licenseId === 50_044)!;
    const payload = verifyLicenseFile(read(version1.file), publicKey);
    expect(payload).not.toHaveProperty('version');
    expect(payload).not.toHaveProperty('entitlements');
    expect(fileEntitlements(payload)).toEqual({});
  });

  it('cover a valid file, a tampered one, an expired one, a wrong host and an unknown key id', () => {
    expect(manifest.vectors.map((v) => v.expect)).toEqual(
      expect.arrayContaining(['valid', 'signature', 'expired', 'wrong-host', 'unknown-key']),
    );
  });

  it.each(manifest.vectors)('$name: $expect', (v) => {
    expect(outcome(v)).toBe(
      v.expect === 'valid' ? `valid ${v.licenseId} ${JSON.stringify(v.entitlements)}` : v.expect,
    );
  });
});
