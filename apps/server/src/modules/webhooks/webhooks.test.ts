import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capturedLog } from '../../../test/support/captured-log';
import { organizationWithAdmin } from '../../../test/support/org-admin';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { queryRows } from '../../db/client';
import { DEMO_EMAIL } from '../../seed/organizations';
import { addressPolicyFor, type Resolve } from './address-policy';
import { claimDueDeliveries } from './webhook-deliveries.repository';
import { recordEvent } from './webhook-events';
import { startWebhookSender } from './webhook-sender';
import { createWebhookService } from './webhooks.service';

// docs/decisions/027: an organization's webhook endpoints, signed as Standard Webhooks says, sent
// at least once and in order per subscription, retried for three days, never to the store's own
// network in production.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiving system, as a customer runs one: answers what the test tells it to. */
async function receiver() {
  const received: Received[] = [];
  let answer: { status: number; body?: string; headers?: Record<string, string> } = {
    status: 200,
    body: 'ok',
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer.status, answer.headers ?? { 'content-type': 'text/plain' });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (a: typeof answer) => {
      answer = a;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const log = capturedLog();
/** Every secret the tests were shown: none may reach the log. */
const shown: string[] = [];
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginDemo']>>;
let rx: Awaited<ReturnType<typeof receiver>>;
const WEBHOOKS = '/api/organization/webhooks';

beforeAll(async () => {
  t = await createTestApp({ logger: log.logger });
  rx = await receiver();
});
afterAll(async () => {
  await rx.close();
  await t.close();
});
beforeEach(async () => {
  // The clock moves far in some tests: each signs in afresh.
  await t.endThrottleWindows();
  admin = await t.loginDemo();
});
afterEach(async () => {
  // Each test starts with no endpoint and nothing waiting.
  await t.db.execute(sql`DELETE FROM webhook_endpoints`);
  await t.db.execute(sql`DELETE FROM webhook_events`);
  rx.received.length = 0;
  rx.answer({ status: 200, body: 'ok' });
});

const orgId = () => admin.organization.organizationId as number;

async function addEndpoint(body: Record<string, unknown> = {}) {
  const res = await admin.post(WEBHOOKS, { url: rx.url, events: [], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  shown.push(res.body.secret);
  return res.body as { endpoint: { id: number }; secret: string };
}

/** Records an event as a module would, in a transaction of its own. */
const happen = (type: Parameters<typeof recordEvent>[2], data: object, subscriptionId?: number) =>
  t.db.transaction((tx) => recordEvent(tx, orgId(), type, data, { subscriptionId, at: t.clock.now() }));

const verified = (secret: string, message: Received) =>
  new Webhook(secret).verify(message.body, message.headers as Record<string, string>) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };

describe('an endpoint', () => {
  it('shows its secret once, when made; the list and every later answer never carry it', async () => {
    const { endpoint, secret } = await addEndpoint({
      description: '  Billing system ',
      events: ['bill.paid'],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: rx.url,
      events: ['bill.paid'],
      description: 'Billing system',
      enabled: true,
      disabledReason: null,
      createdBy: 'Dana Demo',
      previousSecretUntil: null,
    });
    const list = await admin.get(WEBHOOKS);
    expect(list.status).toBe(200);
    expect(list.body.endpoints).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
    const changed = await admin.put(`${WEBHOOKS}/${endpoint.id}`, { description: 'Ledger' });
    expect(changed.body).toMatchObject({ secret: null, endpoint: { description: 'Ledger' } });
    // Sealed at rest: the database does not hold the secret as written.
    const [row] = await queryRows<{ secret_box: string }>(
      t.db,
      sql`SELECT secret_box FROM webhook_endpoints`,
    );
    expect(row!.secret_box).not.toContain(secret.slice(6));
    const activity = await admin.get('/api/organization/activity');
    expect(JSON.stringify(activity.body)).toContain(`Webhook endpoint ${rx.url}`);
  });

  it.each([
    [{ url: '' }, 'Endpoint URL is required'],
    [{ url: 'not a url' }, 'Endpoint URL must be a full address, such as https://example.com/webhooks'],
    [
      { url: 'ftp://example.com/x' },
      'Endpoint URL must be a full address, such as https://example.com/webhooks',
    ],
    [
      { url: 'http://nowhere.invalid/x' },
      "Endpoint URL's host nowhere.invalid does not resolve to any address",
    ],
    [{ url: 'http://me:pw@127.0.0.1/x' }, 'Endpoint URL must not carry a user name or password'],
    [{ events: ['bill.paid', 'bill.paid'] }, 'Each event may be named once'],
    [{ events: ['bill.lost'] }, '"bill.lost" is not an event'],
    [{ description: 'x'.repeat(201) }, 'Description must be at most 200 characters'],
    [{ secret: 'whsec_mine' }, 'secret'],
  ])('refuses %j with a message, making nothing', async (change, message) => {
    const res = await admin.post(WEBHOOKS, { url: rx.url, events: [], ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect((await admin.get(WEBHOOKS)).body.endpoints).toHaveLength(0);
  });

  it("is another organization's business: its ids answer 404 and nothing changes", async () => {
    const { endpoint } = await addEndpoint();
    const stranger = await (
      await organizationWithAdmin(t, 'Elsewhere Ltd', 'admin@elsewhere.example')
    ).signIn();
    for (const res of [
      await stranger.put(`${WEBHOOKS}/${endpoint.id}`, { enabled: false }),
      await stranger.delete(`${WEBHOOKS}/${endpoint.id}`),
      await stranger.post(`${WEBHOOKS}/${endpoint.id}/test`),
      await stranger.get(`${WEBHOOKS}/${endpoint.id}/deliveries`),
    ])
      expect(res.body.message).toBe('No such webhook endpoint.');
    expect((await admin.get(WEBHOOKS)).body.endpoints[0].enabled).toBe(true);
  });
});

describe('a message', () => {
  it('is signed as Standard Webhooks says: the standard library verifies it with the secret', async () => {
    const { endpoint, secret } = await addEndpoint();
    await happen('subscription.updated', { id: 7, description: 'Press Line A' }, 7);
    await t.webhooks.drain();
    expect(rx.received).toHaveLength(1);
    const message = rx.received[0]!;
    expect(message.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(message.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verified(secret, message)).toEqual({
      type: 'subscription.updated',
      timestamp: t.clock.now().toISOString(),
      data: { id: 7, description: 'Press Line A' },
    });
    // Another secret does not verify it.
    expect(() => verified(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, message)).toThrow();
    const deliveries = await admin.get(`${WEBHOOKS}/${endpoint.id}/deliveries`);
    expect(deliveries.body.deliveries[0]).toMatchObject({
      type: 'subscription.updated',
      status: 'delivered',
      nextAttemptAt: null,
      attempts: [{ statusCode: 200, answer: 'ok', error: null, manual: false }],
    });
  });

  it('goes only to endpoints that take its type, and not at all when its transaction rolls back', async () => {
    await addEndpoint({ events: ['bill.paid'] });
    await happen('bill.issued', { id: 1 });
    await t.db
      .transaction(async (tx) => {
        await recordEvent(tx, orgId(), 'bill.paid', { id: 2 }, { at: t.clock.now() });
        throw new Error('the payment was not recorded after all');
      })
      .catch(() => {});
    await happen('bill.paid', { id: 3 });
    await t.webhooks.drain();
    expect(rx.received.map((m) => JSON.parse(m.body).data.id)).toEqual([3]);
  });

  it('is signed by both secrets for 24 hours after a roll, then by the new one alone', async () => {
    const { endpoint, secret: old } = await addEndpoint();
    const rolled = await admin.put(`${WEBHOOKS}/${endpoint.id}`, { rollSecret: true });
    expect(rolled.status).toBe(200);
    const fresh = rolled.body.secret as string;
    shown.push(fresh);
    expect(fresh).not.toBe(old);
    expect(rolled.body.endpoint.previousSecretUntil).toBe(
      new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    );
    await happen('user.created', { id: 1 });
    await t.webhooks.drain();
    expect(String(rx.received[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(fresh, rx.received[0]!).type).toBe('user.created');
    expect(verified(old, rx.received[0]!).type).toBe('user.created');
    t.clock.advanceDays(1);
    await happen('user.deleted', { id: 1 });
    await t.webhooks.drain();
    expect(verified(fresh, rx.received[1]!).type).toBe('user.deleted');
    expect(() => verified(old, rx.received[1]!)).toThrow();
  });
});

describe('a receiver that fails', () => {
  it('is retried with growing waits for three days; then the endpoint stops and the admins hear of it', async () => {
    const { endpoint } = await addEndpoint();
    rx.answer({ status: 503, body: 'x'.repeat(3000) });
    await happen('bill.payment_failed', { id: 9 });
    const waits: number[] = [];
    let last = t.clock.now().getTime();
    for (let i = 0; i < 30; i++) {
      const before = rx.received.length;
      await t.webhooks.drain();
      if (rx.received.length > before) {
        waits.push(t.clock.now().getTime() - last);
        last = t.clock.now().getTime();
      }
      const [d] = (await admin.get(`${WEBHOOKS}/${endpoint.id}/deliveries`)).body.deliveries;
      if (d.status === 'failed') break;
      t.clock.set(d.nextAttemptAt);
    }
    // Sent at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h until three days passed.
    expect(waits.slice(0, 7)).toEqual([0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]);
    const [delivery] = (await admin.get(`${WEBHOOKS}/${endpoint.id}/deliveries`)).body.deliveries;
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts.length).toBe(waits.length);
    expect(delivery.attempts[0].statusCode).toBe(503);
    expect(delivery.attempts[0].answer).toHaveLength(1024);
    const [listed] = (await admin.get(WEBHOOKS)).body.endpoints;
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'Disabled: messages failed for 3 days' });
    await t.flushMail();
    const mail = t.mailer.sent.filter((m) => m.subject === 'A webhook endpoint was disabled');
    expect(mail.map((m) => m.to)).toContain(DEMO_EMAIL);
    expect(mail[0]!.text).toContain(rx.url);

    // Nothing more goes to a disabled endpoint; a hand retry still may, and delivers.
    rx.answer({ status: 204 });
    const count = rx.received.length;
    t.clock.advanceDays(1);
    await t.webhooks.drain();
    expect(rx.received.length).toBe(count);
    const retried = await admin.post(`${WEBHOOKS}/${endpoint.id}/deliveries/${delivery.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'delivered' });
    expect(retried.body.attempts[0]).toMatchObject({ statusCode: 204, manual: true });
  });

  it('down for an hour gets every message afterwards, in order per subscription', async () => {
    await addEndpoint();
    rx.answer({ status: 502 });
    for (let i = 1; i <= 4; i++) {
      await happen('subscription.updated', { id: 1, step: i }, 1);
      await happen('subscription.updated', { id: 2, step: i }, 2);
      await t.webhooks.drain();
      t.clock.set(new Date(t.clock.now().getTime() + 15 * 60_000));
    }
    // The receiver comes back after an hour; the schedule's next try finds it.
    rx.answer({ status: 200 });
    const ok = () => rx.received.filter((_, i) => i >= failedCount);
    const failedCount = rx.received.length;
    for (let i = 0; i < 10; i++) {
      t.clock.set(new Date(t.clock.now().getTime() + 2 * 3_600_000));
      await t.webhooks.drain();
    }
    const delivered = ok().map((m) => JSON.parse(m.body).data as { id: number; step: number });
    for (const id of [1, 2])
      expect(delivered.filter((d) => d.id === id).map((d) => d.step)).toEqual([1, 2, 3, 4]);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'delivered'`,
    );
    expect(n).toBe(0);
  });

  it('does not have its redirect followed: the attempt fails, naming where it pointed', async () => {
    const { endpoint } = await addEndpoint();
    rx.answer({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } });
    const test = await admin.post(`${WEBHOOKS}/${endpoint.id}/test`);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ type: 'webhook.test', status: 'pending' });
    expect(test.body.attempts[0]).toMatchObject({
      statusCode: 302,
      error: 'Redirected to http://169.254.169.254/latest/meta-data: the store does not follow redirects',
    });
    expect(rx.received).toHaveLength(1);
  });
});

describe('in production', () => {
  const production = (resolve: Resolve) =>
    createWebhookService({
      db: t.db,
      clock: t.clock,
      policy: addressPolicyFor('production'),
      secretKey: async () => Buffer.alloc(32, 7),
      publicUrl: 'https://store.example.com',
      resolve,
    });
  const asAdmin = () =>
    ({
      person: { id: admin.person.personId, firstName: 'Dana', lastName: 'Demo' },
      organization: { id: orgId() },
    }) as never;

  it.each([
    'http://hooks.example.com/x',
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://10.20.30.40/x',
    'https://192.168.0.10/x',
    'https://169.254.169.254/x',
    'https://[fd00:ec2::254]/x',
    'https://localhost/x',
  ])('refuses %s with a 400 naming the reason', async (url) => {
    const service = production(async (host) =>
      host === 'localhost'
        ? [{ address: '127.0.0.1', family: 4 }]
        : [{ address: '93.184.216.34', family: 4 }],
    );
    await expect(service.create(asAdmin(), { url, events: [], description: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/must start with https|loopback, private, link-local or metadata/),
    });
  });

  it('checks the address each message connects to: a name that now resolves inside is refused', async () => {
    let inside = false;
    const service = production(async () => [{ address: inside ? '127.0.0.1' : '93.184.216.34', family: 4 }]);
    const { endpoint } = await service.create(asAdmin(), {
      url: 'https://hooks.example.com/x',
      events: [],
      description: '',
    });
    inside = true;
    const sender = startWebhookSender({ db: t.db, clock: t.clock, webhooks: service }, { pollMs: 0 });
    await happen('user.created', { id: 5 });
    await sender.drain();
    await sender.stop();
    const [delivery] = await service.deliveries(asAdmin(), endpoint.id);
    expect(delivery!.status).toBe('retrying');
    expect(delivery!.attempts[0]).toMatchObject({
      statusCode: null,
      error:
        "Endpoint URL's host hooks.example.com is at 127.0.0.1, a loopback, private, link-local or metadata address the store does not send to",
    });
    expect(rx.received).toHaveLength(0);
  });
});

describe('the routes', () => {
  it('admit an API token with the webhooks scope, and refuse one without it, naming the scope', async () => {
    const made = async (scopes: string[]) =>
      (
        await admin.post('/api/organization/api-tokens', {
          name: scopes.join(' '),
          scopes,
          expiresInDays: 30,
        })
      ).body.token as string;
    const hooks = await made(['webhooks']);
    const other = await made(['billing:read']);
    const call = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        payload: body ? JSON.stringify(body) : undefined,
      });
    const created = await call(hooks, 'POST', WEBHOOKS, { url: rx.url, events: ['bill.paid'] });
    expect(created.statusCode).toBe(201);
    expect(created.json().endpoint.createdBy).toBe('API token webhooks');
    expect((await call(hooks, 'GET', WEBHOOKS)).json().endpoints).toHaveLength(1);
    const refused = await call(other, 'GET', WEBHOOKS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API token lacks the scope webhooks, which this call needs.');
  });
});

describe('the log', () => {
  it('never holds a signing secret, whatever the tests above did', () => {
    const text = log.text();
    expect(text.length).toBeGreaterThan(0);
    expect(shown.length).toBeGreaterThan(3);
    for (const secret of shown) expect(text).not.toContain(secret.slice(6));
  });
});

describe('a test event', () => {
  it('is sent once: the background sender cannot claim it while the request sends it', async () => {
    // A receiver slow to answer: while the request waits on it, a sender looks for due deliveries.
    let claimedMeanwhile: unknown[] | null = null;
    const slow: Server = createServer((req, res) => {
      req.resume();
      req.on('end', async () => {
        claimedMeanwhile = await claimDueDeliveries(t.db, t.clock.now(), 10, 60_000);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const { endpoint } = await addEndpoint({
        url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hooks`,
      });
      const res = await admin.post(`${WEBHOOKS}/${endpoint.id}/test`);
      expect(res.status).toBe(200);
      expect(claimedMeanwhile).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});
