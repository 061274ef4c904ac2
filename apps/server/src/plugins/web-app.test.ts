import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/support/test-app';
import { createTestAppWithWeb } from '../../test/support/web-dist';

// A built web app as vite leaves it: index.html, and hashed assets each beside its .br and .gz.
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestAppWithWeb({
    'assets/index-Ab12Cd34.js': script,
    'assets/index-Ab12Cd34.js.br': brotliCompressSync(script),
    'assets/index-Ab12Cd34.js.gz': gzipSync(script),
    'index.html': '<!doctype html><head><title>Store</title></head><div id="root"></div>',
    'first-screens.json': JSON.stringify([
      { path: '^/login/?$', head: '<link rel="modulepreload" href="/assets/login.js">' },
      {
        path: '^/Products/([^/]+)/?$',
        head: '<link rel="preload" as="fetch" crossorigin href="/api/product/plans_for_product/$1">',
      },
    ]),
  });
});
afterAll(() => t.close());

describe('the web app on the API port', () => {
  it('serves hashed assets pre-compressed and cached for a year, unchanged', async () => {
    const br = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');

    const gz = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers /metrics with 404 when METRICS_TOKEN is unset, never with the SPA', async () => {
    for (const url of ['/metrics', '/metrics?name[]=store_bills']) {
      const res = await t.app.inject({ url, headers: { authorization: 'Bearer anything' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('revalidates index.html on every visit, for any screen of the SPA', async () => {
    for (const url of ['/Subscriptions', '/login?returnUrl=%2FBillingHistory', '/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("links a first screen's chunks in index.html for that screen's address only", async () => {
    const login = await t.app.inject({ url: '/LOGIN?returnUrl=%2FBillingHistory' });
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.headers['content-type']).toContain('text/html');
    expect(login.body).toContain('<link rel="modulepreload" href="/assets/login.js"></head>');
    const other = await t.app.inject({ url: '/Subscriptions' });
    expect(other.body).toContain('<div id="root">');
    expect(other.body).not.toContain('modulepreload');
  });

  it("asks for a first screen's reads with the address's group, as the screen will ask for them", async () => {
    const read = (name: string) =>
      `<link rel="preload" as="fetch" crossorigin href="/api/product/plans_for_product/${name}"></head>`;
    expect((await t.app.inject({ url: '/Products/Pro' })).body).toContain(read('Pro'));
    // The router decodes the name and the screen encodes it again for its call.
    expect((await t.app.inject({ url: '/Products/Pro%20Plus' })).body).toContain(read('Pro%20Plus'));
    expect((await t.app.inject({ url: '/Products/a@b' })).body).toContain(read('a%40b'));
    // A malformed address asks for nothing (Fastify answers it 400 before the SPA's route).
    expect((await t.app.inject({ url: '/Products/%E0%A4%A' })).body).not.toContain('preload');
  });

  it('compresses large API answers for clients that accept it, and only for them', async () => {
    const zipped = await t.app.inject({ url: '/api/product/all', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/api/product/all' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('still answers an unknown API path with the JSON 404, not the SPA', async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: expect.any(String) });
  });
});
