import { describe, expect, it } from 'vitest';
import { addressPolicyFor, isForbiddenAddress, type Resolve, refusalOf } from './address-policy';

const production = addressPolicyFor('production');
const demo = addressPolicyFor('demo');
/** A name server of the test's own: each name resolves where the test says. */
const names =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
const dns = names({
  'hooks.example.com': ['93.184.216.34'],
  'rebind.example.com': ['93.184.216.34', '127.0.0.1'],
  'inside.example.com': ['10.1.2.3'],
  'v6inside.example.com': ['fd00::5'],
  localhost: ['127.0.0.1', '::1'],
});

describe('which addresses the store never sends to', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    'ff02::1',
    'not an address',
  ])('%s is refused', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946'])('%s is public', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('an endpoint address, in production', () => {
  it.each([
    ['https://127.0.0.1/hook', "Endpoint URL's host 127.0.0.1 is at 127.0.0.1"],
    ['https://[::1]/hook', "Endpoint URL's host ::1 is at ::1"],
    ['https://[::ffff:7f00:1]/hook', "Endpoint URL's host ::ffff:7f00:1 is at ::ffff:7f00:1"],
    ['https://169.254.169.254/latest/meta-data', 'is at 169.254.169.254'],
    ['https://10.0.0.8:8443/x', 'is at 10.0.0.8'],
    ['https://localhost/hook', "Endpoint URL's host localhost is at 127.0.0.1"],
    ['https://inside.example.com/hook', 'is at 10.1.2.3'],
    ['https://v6inside.example.com/hook', 'is at fd00::5'],
    // One private address among public ones is enough: the connection could go to either.
    ['https://rebind.example.com/hook', 'is at 127.0.0.1'],
    ['http://hooks.example.com/hook', 'Endpoint URL must start with https://'],
    ['https://user:pw@hooks.example.com/hook', 'Endpoint URL must not carry a user name or password'],
    [
      'https://nowhere.example.com/hook',
      "Endpoint URL's host nowhere.example.com does not resolve to any address",
    ],
    ['ftp://hooks.example.com/', 'Endpoint URL must start with https://'],
  ])('%s is refused: %s', async (url, reason) => {
    expect(await refusalOf(url, production, dns)).toContain(reason);
  });

  it('a public https address is taken', async () => {
    expect(await refusalOf('https://hooks.example.com/store?x=1', production, dns)).toBeNull();
  });
});

describe('an endpoint address, in the demo', () => {
  it('takes http and the developer’s own machine, still refusing a name that resolves nowhere', async () => {
    expect(await refusalOf('http://127.0.0.1:9000/hook', demo, dns)).toBeNull();
    expect(await refusalOf('http://localhost:9000/hook', demo, dns)).toBeNull();
    expect(await refusalOf('https://nowhere.example.com/', demo, dns)).toContain('does not resolve');
  });
});
