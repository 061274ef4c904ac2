import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../test/support/test-app';
import { parseTrustProxy } from './lib/trust-proxy';

// compose.yaml is safe as shipped: Caddy is the only door (TLS, ports 80 and 443), the replicas and
// the worker are unpublished and trust X-Forwarded-For from Caddy alone, mail needs a real SMTP_URL,
// and Mailpit (whose web UI has no login) exists only in the demo profile, on this machine only.

const root = join(import.meta.dirname, '..', '..', '..');
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true });
const caddyfile = readFileSync(join(root, 'Caddyfile'), 'utf8');

interface Service {
  image?: string;
  ports?: string[];
  profiles?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string }>;
}
const services = compose.services as Record<string, Service>;
const alwaysOn = Object.entries(services).filter(([, s]) => !s.profiles);
const caddy: Service = services.caddy ?? {};
const caddyAddress = caddy.networks?.default?.ipv4_address;

describe('compose.yaml as shipped', () => {
  it('publishes ports 80 and 443 of Caddy and nothing else', () => {
    expect(caddy.image).toMatch(/^caddy:/);
    expect(caddy.ports).toEqual(['80:80', '443:443']);
    const published = alwaysOn.filter(([, s]) => s.ports !== undefined).map(([name]) => name);
    expect(published).toEqual(['caddy']);
    for (const name of ['app1', 'app2', 'worker', 'postgres']) expect(services[name]!.ports).toBeUndefined();
  });

  it("proxies both replicas with TLS for PUBLIC_URL, from the repository's Caddyfile", () => {
    expect(caddy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddy.environment?.PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL:\?/);
    const site = caddyfile
      .split('\n')
      .filter((l) => !l.trimStart().startsWith('#'))
      .join('\n');
    expect(site).toMatch(/^\{\$PUBLIC_URL\} \{$/m);
    expect(site).toMatch(/reverse_proxy app1:3000 app2:3000/);
    // Nothing that would serve plain HTTP or a certificate no browser trusts.
    expect(site).not.toMatch(/auto_https\s+off|tls\s+internal|^http:\/\//m);
  });

  it('has every store process trust exactly Caddy, at its fixed address', () => {
    expect(caddyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const subnet = compose.networks.default.ipam.config[0].subnet as string;
    expect(caddyAddress!.startsWith(subnet.split('.').slice(0, 3).join('.'))).toBe(true);
    for (const name of ['app1', 'app2', 'worker']) {
      const trusted = parseTrustProxy(services[name]!.environment?.TRUST_PROXY);
      expect(trusted, name).toEqual([caddyAddress]);
    }
  });

  it('requires SMTP_URL and PUBLIC_URL (compose refuses to start without them), and sends no mail to Mailpit by default', () => {
    for (const name of ['app1', 'app2', 'worker']) {
      const env = services[name]!.environment!;
      expect(env.SMTP_URL, name).toMatch(/^\$\{SMTP_URL:\?[^}]+\}$/);
      expect(env.PUBLIC_URL, name).toMatch(/^\$\{PUBLIC_URL:\?[^}]+\}$/);
    }
  });

  it('keeps Mailpit in the demo profile, reachable from this machine only', () => {
    const mailpit = services.mailpit!;
    expect(mailpit.profiles).toEqual(['demo']);
    expect(mailpit.ports?.length).toBeGreaterThan(0);
    for (const port of mailpit.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
  });
});

describe('a replica configured as compose.yaml configures it', () => {
  let t: TestApp;
  beforeAll(async () => {
    // As compose fills it in when .env does not set it.
    const trustProxy = services.app1!.environment!.TRUST_PROXY!.replace(/^\$\{\w+:-([^}]*)\}$/, '$1');
    t = await createTestApp({ env: { TRUST_PROXY: trustProxy } });
  });
  afterAll(() => t.close());

  const wrongPassword = (remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      remoteAddress,
      headers: {
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=x',
        'x-xsrf-token': 'x',
        'x-forwarded-for': forwardedFor,
      },
      payload: { email: 'demo@example.com', password: 'not the password', orgId: null },
    });

  it('throttles a client that connects directly however it rotates X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await wrongPassword('198.51.100.7', `203.0.113.${i}`)).statusCode);
    expect(statuses).toContain(429);
  });

  it('counts each client Caddy names as itself', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await wrongPassword(caddyAddress!, `192.0.2.${i}`)).statusCode);
    expect(statuses).toEqual(Array(8).fill(200));
  });
});
