import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

describe('sealSecret', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const box = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(box).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, box)).toBe('JBSWY3DPEHPK3PXP');
    expect(sealSecret(key, 'JBSWY3DPEHPK3PXP')).not.toBe(box);
  });

  it('refuses another key and a tampered box', () => {
    const box = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(() => openSecret(randomBytes(32), box)).toThrow();
    const parts = box.split(':');
    parts[3] = Buffer.from('AAAAAAAAAAAAAAAA').toString('base64');
    expect(() => openSecret(key, parts.join(':'))).toThrow();
  });
});
