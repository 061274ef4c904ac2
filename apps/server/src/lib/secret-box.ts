import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets the server must read back (two-factor secrets) are kept encrypted with AES-256-GCM under a
// key from configuration, so a copy of the database alone does not yield them (ASVS 5.0 V6.8 / V11).
const VERSION = 'v1';

export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64'),
    cipher.getAuthTag().toString('base64'),
    sealed.toString('base64'),
  ].join(':');
}

export function openSecret(key: Buffer, box: string): string {
  const [version, iv, tag, sealed] = box.split(':');
  if (version !== VERSION || !iv || !tag || !sealed) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8');
}
