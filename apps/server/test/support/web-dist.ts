import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test app serving a built web app as vite leaves it (index.html, and `files` by their paths
 * beside it), as a server runs with the web app in front of the screens; closing it removes the
 * folder.
 */
export async function createTestAppWithWeb(
  files: Record<string, string | Uint8Array> = {},
): Promise<TestApp> {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  const t = await createTestApp({ env: { WEB_DIST: dist } });
  return {
    ...t,
    async close() {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
