import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildLicenseVectors, VECTORS_DIR } from '../modules/licensing';

// Rewrites the offline license test vectors (docs/licensing/vectors) from their fixed test keys:
//
//   npx tsx apps/server/src/cli/license-vectors.ts
//
// The vectors test fails while the committed files differ from what this writes.

const dir = join(resolve(import.meta.dirname, '../../../..'), VECTORS_DIR);
mkdirSync(dir, { recursive: true });
for (const [name, content] of Object.entries(buildLicenseVectors().files)) {
  writeFileSync(join(dir, name), content);
  console.log(`wrote ${VECTORS_DIR}/${name}`);
}
