import { createPrivateKey, createPublicKey } from 'node:crypto';

const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]*?-----END \1-----/g;

/**
 * The Ed25519 keys of a configuration value in PEM (several blocks may follow each other). An
 * environment variable often carries its line breaks as "\n": both spellings are read.
 */
export function parseKeyPems(value: string, kind: 'PRIVATE KEY' | 'PUBLIC KEY'): string[] | Error {
  const text = value.replace(/\\n/g, '\n');
  const blocks = [...text.matchAll(PEM_BLOCK)];
  if (blocks.length === 0) return new Error(`must hold Ed25519 keys in PEM (-----BEGIN ${kind}-----)`);
  const pems: string[] = [];
  for (const [pem, label] of blocks) {
    if (label !== kind) return new Error(`holds a ${label}, not a ${kind}`);
    try {
      const key = kind === 'PRIVATE KEY' ? createPrivateKey(pem) : createPublicKey(pem);
      if (key.asymmetricKeyType !== 'ed25519') {
        return new Error(`holds a ${key.asymmetricKeyType} key; license files are signed with Ed25519`);
      }
    } catch {
      return new Error('holds a PEM block that is not a valid key');
    }
    pems.push(`${pem.trim()}\n`);
  }
  return pems;
}
