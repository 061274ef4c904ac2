import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { WebhookMessages } from '@store/core';
import ipaddr from 'ipaddr.js';

// Where the store may send a customer's webhooks (docs/decisions/027): a customer names the address,
// so without a check an endpoint could make the store call its own network (SSRF). Only public
// unicast addresses are allowed; the check runs when an endpoint is saved (a clear refusal at once)
// and again on the address each message actually connects to, so a name that resolves somewhere
// else later (DNS rebinding) is refused too.

export interface AddressPolicy {
  /** Production: only https. The demo also takes http, for a receiver on the developer's machine. */
  allowHttp: boolean;
  /** The demo sends to loopback and private addresses too; production never does. */
  allowPrivateAddresses: boolean;
}

/** Resolves a host name to every address it has (node's dns.lookup with `all`; tests hand in their own). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * Whether the store must not send to `address`: anything but a public unicast address (loopback,
 * private, link-local and with it the cloud metadata address 169.254.169.254, unique-local, shared
 * carrier space, multicast, reserved, unspecified). IPv4 written inside IPv6 (::ffff:127.0.0.1) is
 * judged as the IPv4 address it is.
 */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  // process() turns IPv4-mapped IPv6 back into IPv4; NAT64, 6to4 and Teredo forms are ranges of
  // their own (not 'unicast'), so they are refused with the rest.
  const parsed = ipaddr.process(address);
  return parsed.range() !== 'unicast';
}

/** The host of a URL as an address or a name: IPv6 without its brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why the store refuses to send to `rawUrl`, in words for the admin; null when it may. Names are
 * resolved: one that resolves to no address, or to any address the policy forbids, is refused.
 */
export async function refusalOf(
  rawUrl: string,
  policy: AddressPolicy,
  resolve: Resolve,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return WebhookMessages.urlInvalid;
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:'))
    return WebhookMessages.urlNotHttps;
  if (url.username || url.password) return WebhookMessages.urlCredentials;
  const host = hostOf(url);
  if (isIP(host)) {
    if (!policy.allowPrivateAddresses && isForbiddenAddress(host))
      return WebhookMessages.urlPrivateAddress(host, host);
    return null;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return WebhookMessages.urlHostUnknown(host);
  }
  if (addresses.length === 0) return WebhookMessages.urlHostUnknown(host);
  if (policy.allowPrivateAddresses) return null;
  const forbidden = addresses.find((a) => isForbiddenAddress(a.address));
  return forbidden ? WebhookMessages.urlPrivateAddress(host, forbidden.address) : null;
}

/**
 * The policy of a mode: production sends only over https to public addresses; the demo also to
 * http and to the developer's own machine, so webhooks can be tried against a local receiver.
 */
export const addressPolicyFor = (mode: 'demo' | 'production'): AddressPolicy => ({
  allowHttp: mode === 'demo',
  allowPrivateAddresses: mode === 'demo',
});
