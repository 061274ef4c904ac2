import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LicenseVector } from './license-vectors';

// docs/licensing.md's Java verifier (java.security, Ed25519), compiled and run against the same
// test vectors as the TypeScript verifier. Without a JDK the test is skipped, saying so by name.

const root = resolve(import.meta.dirname, '../../../../..');
const vectorsDir = join(root, 'docs/licensing/vectors');
const javaFile = join(root, 'docs/licensing/LicenseFileVerifier.java');
const manifest = JSON.parse(readFileSync(join(vectorsDir, 'vectors.json'), 'utf8')) as {
  vectors: LicenseVector[];
};

const hasJdk = ['javac', 'java'].every(
  (tool) => spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === 0,
);
const classes = hasJdk ? mkdtempSync(join(tmpdir(), 'license-verifier-')) : '';
afterAll(() => {
  if (classes) rmSync(classes, { recursive: true, force: true });
});

/** How the Java verifier prints a file's entitlements: the operator's `name` / `name=value`, or `-` for none. */
const features = (entitlements: LicenseVector['entitlements'] = {}) =>
  Object.entries(entitlements)
    .map(([name, value]) => (value === true ? name : `${name}=${value}`))
    .join(',') || '-';

describe('the Java verifier of docs/licensing.md', () => {
  it('is the one the documentation shows, verbatim', () => {
    const docs = readFileSync(join(root, 'docs/licensing.md'), 'utf8');
    expect(docs).toContain(`\`\`\`java\n${readFileSync(javaFile, 'utf8')}\`\`\``);
  });

  if (!hasJdk) {
    // Said in the test's name and in the run's output, so a missing JDK is never mistaken for a pass.
    console.warn(
      'The Java verifier was not run against the test vectors: no JDK (javac and java) on the PATH.',
    );
    it.skip('runs against the test vectors — SKIPPED: no JDK (javac and java) on the PATH', () => undefined);
    return;
  }

  it('compiles with javac', () => {
    execFileSync('javac', ['-d', classes, javaFile], { stdio: 'pipe' });
  });

  it.each(manifest.vectors)('$name: $expect', (v) => {
    const out = execFileSync(
      'java',
      ['-cp', classes, 'LicenseFileVerifier', 'public-key.pem', v.file, v.now, v.hostname, v.kind],
      { cwd: vectorsDir, encoding: 'utf8' },
    ).trim();
    expect(out.split(':')[0]).toBe(
      v.expect === 'valid' ? `valid ${v.licenseId} ${features(v.entitlements)}` : `invalid ${v.expect}`,
    );
  });
});
