import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.0.0.0/8, 127.0.0.1,::1', ['10.0.0.0/8', '127.0.0.1', '::1']],
    ['fd00::/8,loopback', ['fd00::/8', 'loopback']],
  ])('reads %j as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each(['true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.0/8/1', '1.2.3'])('refuses %j', (value) => {
    expect(parseTrustProxy(value)).toBeInstanceOf(Error);
  });
});
