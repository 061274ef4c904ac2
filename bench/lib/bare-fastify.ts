import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess } from './store-process';

/**
 * The yardstick: a bare Fastify route, in its own process as the store is, answering the same bytes
 * the store answered (GET or POST), with no database, security hook or serialization.
 */
export async function startBareFastify(body: string, contentType = 'application/json; charset=utf-8') {
  const file = join(tmpdir(), `bench-bare-${process.pid}-${Date.now()}.body`);
  writeFileSync(file, body);
  return startProcess([join(import.meta.dirname, 'bare-fastify-server.mjs')], {
    env: { BARE_BODY_FILE: file, BARE_CONTENT_TYPE: contentType },
    path: '/bare',
  });
}
