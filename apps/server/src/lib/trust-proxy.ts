import { isIP } from 'node:net';

/** What Fastify's `trustProxy` accepts from TRUST_PROXY: nothing, a hop count, or addresses/CIDRs. */
export type TrustProxy = false | number | string[];

// proxy-addr's names for the private ranges (Fastify passes them through).
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (docs/design.md §4): unset trusts no proxy, so X-Forwarded-* from any peer is ignored and
 * the client is the socket's address; a number trusts that many hops; a comma-separated list trusts
 * peers in those addresses or CIDRs (e.g. "10.0.0.0/8, 127.0.0.1").
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | Error {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  const bad = entries.find((e) => !isAddressOrCidr(e));
  if (bad !== undefined) {
    return new Error(`"${bad}" is neither a hop count nor an IP address or CIDR range`);
  }
  return entries;
}

/** Fastify's `trustProxy`: a hop count becomes the function proxy-addr would make of it. */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
