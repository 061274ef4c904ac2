import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLicensingTestApp, type LicensingTestApp } from '../../../test/support/licensing';
import { subscriptions } from '../../db/schema';
import { createEngineClient } from './engine-client';
import { fingerprintOf, machineFingerprint } from './fingerprint';
import { type EngineOptions, runEngine } from './run-engine';

// The reference engine against the real API over HTTP: what it prints is what the store answers.

let l: LicensingTestApp;
let url: string;
beforeAll(async () => {
  l = await createLicensingTestApp();
  await l.t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(l.t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => l.t.close());

const noWait = async () => undefined;
const deadline = () => new Date(l.clock.now().getTime() + 7 * 86_400_000).toISOString();
const accrued = async (id: number) =>
  (await l.t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.accruedRtusThisMonth;

async function run(
  options: Partial<EngineOptions> & { licenseKey: string },
  sleep: () => Promise<void> = noWait,
) {
  const lines: string[] = [];
  const code = await runEngine(
    {
      url,
      hostname: 'ref-engine-01',
      kind: 'engine',
      rate: 10,
      intervalSeconds: 1,
      heartbeatSeconds: 3600,
      ticks: 3,
      ...options,
    },
    { print: (line) => lines.push(line.slice(9)), sleep, now: () => l.clock.now() },
  );
  return { code, lines };
}

describe('npm run engine', () => {
  it('activates, validates and reports usage each round, printing the answers', async () => {
    const sub = await l.subscribe('Pro Business', { numberMachines: 1 });
    const { code, lines } = await run({ licenseKey: sub.apiKey1 });
    expect(code).toBe(0);
    expect(lines[0]).toBe(`engine ref-engine-01 → ${url}, 10 pages/s`);
    expect(lines[1]).toBe(`activate: 201 activated, seat held until ${deadline()}`);
    expect(lines.slice(2, 5)).toEqual(
      Array(3).fill('validate: 200 VALID; usage: 4 reports, 10 pages → accepted 4, duplicates 0'),
    );
    expect(lines[5]).toBe('stopped: 12 reports, 30 pages reported');
    expect(await accrued(sub.id)).toBe(30);
  });

  it('stops at the start when the store refuses the activation', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    await run({ licenseKey: sub.apiKey1, hostname: 'first', ticks: 1 });
    const { code, lines } = await run({ licenseKey: sub.apiKey1, hostname: 'second' });
    expect(code).toBe(1);
    expect(lines[1]).toMatch(
      /^activate: 409 TOO_MANY_MACHINES — All 1 engine activation of this license are in use\./,
    );
  });

  it('pauses processing while the store answers OVER_CAP', async () => {
    const sub = await l.subscribe('Flex 2,500', { maxAdditionalMonthlyChargeCents: 0 });
    await run({ licenseKey: sub.apiKey1, rate: 2_501, ticks: 1 });
    const before = await accrued(sub.id);
    const { lines } = await run({ licenseKey: sub.apiKey1, ticks: 2 });
    expect(lines.slice(2, 4)).toEqual(
      Array(2).fill(
        'validate: 200 OVER_CAP — The monthly overage cap of this subscription is reached; raise Max Overages in the portal or wait for the next month. — processing paused',
      ),
    );
    expect(await accrued(sub.id)).toBe(before);
  });

  it('activates again when its heartbeat comes back HEARTBEAT_DEAD', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const saved = l.clock.now();
    try {
      // Between its two rounds the engine sleeps 8 days, past the 7-day heartbeat window.
      const { lines } = await run({ licenseKey: sub.apiKey1, heartbeatSeconds: 0, ticks: 2 }, async () =>
        l.clock.advanceDays(8),
      );
      expect(lines.slice(2)).toEqual([
        `heartbeat: 200 alive, seat held until ${new Date(saved.getTime() + 7 * 86_400_000).toISOString()}`,
        'validate: 200 VALID; usage: 4 reports, 10 pages → accepted 4, duplicates 0',
        'heartbeat: 409 HEARTBEAT_DEAD — This machine sent no heartbeat for more than 7 days, so its seat was released. Activate it again.',
        `activate: 201 activated, seat held until ${deadline()}`,
        'validate: 200 VALID; usage: 4 reports, 10 pages → accepted 4, duplicates 0',
        'stopped: 8 reports, 20 pages reported',
      ]);
    } finally {
      l.clock.set(saved);
    }
  });
});

describe('npm run engine -- --needs', () => {
  it('refuses a job that needs a feature the license lacks, naming it, and runs one that needs what it has', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const refused = await run({ licenseKey: sub.apiKey1, needs: ['ocr', 'barcodes'], ticks: 1 });
    expect(refused.lines.slice(2)).toEqual([
      'validate: 200 VALID; job refused: ENTITLEMENT_MISSING — This license does not include barcodes, which the job needs.',
      'stopped: 0 reports, 0 pages reported',
    ]);
    const tooLong = await run({ licenseKey: sub.apiKey1, needs: ['max-pages-per-document=501'], ticks: 1 });
    expect(tooLong.lines[2]).toBe(
      'validate: 200 VALID; job refused: ENTITLEMENT_MISSING — This license does not include max-pages-per-document=501, which the job needs.',
    );
    const fits = await run({ licenseKey: sub.apiKey1, needs: ['ocr', 'max-pages-per-document=4'], ticks: 1 });
    expect(fits.lines[2]).toBe('validate: 200 VALID; usage: 4 reports, 10 pages → accepted 4, duplicates 0');
  });

  it('reads the entitlements from the answer a floating license gets too', async () => {
    const sub = await l.subscribe('Pro Fleet', { numberMachines: 1 });
    const { lines } = await run({
      licenseKey: sub.apiKey1,
      floating: true,
      fingerprint: 'pod-needs',
      needs: ['redaction'],
      ticks: 1,
    });
    expect(lines[2]).toBe(
      'validate: 200 VALID; job refused: ENTITLEMENT_MISSING — This license does not include redaction, which the job needs.',
    );
  });
});

describe('npm run engine -- --floating', () => {
  const minutes = (n: number) => new Date(l.clock.now().getTime() + n * 60_000).toISOString();

  it('leases a seat, validates naming it, renews it before it runs out and checks it in at exit', async () => {
    const sub = await l.subscribe('Pro Fleet', { numberMachines: 1 });
    const start = l.clock.now();
    try {
      // Each round is 5 minutes apart: the 15-minute lease is renewed at half its length.
      const { code, lines } = await run(
        {
          licenseKey: sub.apiKey1,
          floating: true,
          fingerprint: 'pod-uid-1',
          hostname: 'fleet-pod-1',
          ticks: 3,
        },
        async () => l.clock.advanceMs(5 * 60_000),
      );
      expect(code).toBe(0);
      expect(lines[0]).toBe(`engine fleet-pod-1 → ${url}, 10 pages/s, floating (fingerprint pod-uid-1…)`);
      expect(lines[1]).toBe(
        `checkout: 201 leased, seat held until ${new Date(start.getTime() + 15 * 60_000).toISOString()}`,
      );
      expect(lines.slice(2)).toEqual([
        'validate: 200 VALID; usage: 4 reports, 10 pages → accepted 4, duplicates 0',
        'validate: 200 VALID; usage: 4 reports, 10 pages → accepted 4, duplicates 0',
        `renew: 200 renewed, seat held until ${minutes(15)}`,
        'validate: 200 VALID; usage: 4 reports, 10 pages → accepted 4, duplicates 0',
        'check-in: 200 seat released',
        'stopped: 12 reports, 30 pages reported',
      ]);
      // Checked in: the next container takes the seat at once.
      const next = await run({ licenseKey: sub.apiKey1, floating: true, fingerprint: 'pod-uid-2', ticks: 1 });
      expect(next.lines[1]).toMatch(/^checkout: 201 leased/);
    } finally {
      l.clock.set(start);
    }
  });

  it('stops at the start when every seat is leased, saying when the next lease ends', async () => {
    const sub = await l.subscribe('Pro Fleet', { numberMachines: 1 });
    await l.engine('/api/licensing/leases', {
      licenseKey: sub.apiKey1,
      fingerprint: 'holder',
      hostname: 'holder',
    });
    const { code, lines } = await run({ licenseKey: sub.apiKey1, floating: true, fingerprint: 'late' });
    expect(code).toBe(1);
    expect(lines[1]).toMatch(
      /^checkout: 409 TOO_MANY_LEASES — All 1 floating seat of this license are leased\./,
    );
    expect(lines[1]).toContain(`(next lease ends ${minutes(15)})`);
  });
});

describe('machineFingerprint', () => {
  it('hashes the first source that answers, and the same machine always gets the same fingerprint', () => {
    const sources = [
      { source: 'pod', read: () => null },
      { source: 'machine-id', read: () => '4c4c4544-0042' },
    ];
    expect(machineFingerprint(sources)).toBe(fingerprintOf('machine-id', '4c4c4544-0042'));
    expect(machineFingerprint(sources)).toMatch(/^[0-9a-f]{64}$/);
    expect(machineFingerprint(sources)).toBe(machineFingerprint(sources));
    expect(machineFingerprint()).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the engine client', () => {
  let proxy: Server;
  let proxyUrl: string;
  let dropNextUsageAnswer = false;
  beforeAll(async () => {
    // Between engine and store: forwards each call, but can lose the store's answer to a usage report.
    proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const answer = await fetch(`${url}${req.url}`, {
        method: req.method,
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      });
      const text = await answer.text();
      if (req.url === '/api/licensing/usage' && dropNextUsageAnswer) {
        dropNextUsageAnswer = false;
        res.writeHead(502).end('{"message":"Bad gateway"}');
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it('retries a batch whose answer was lost with the same transaction ids: counted once', async () => {
    const sub = await l.subscribe('Pro Business', { numberMachines: 1 });
    const client = createEngineClient({
      url: proxyUrl,
      licenseKey: sub.apiKey1,
      hostname: 'retrying-01',
      kind: 'engine',
      sleep: noWait,
    });
    const time = l.clock.now().toISOString();
    const reports = Array.from({ length: 1_500 }, (_, i) => ({
      transactionId: `retry-${i}`,
      hostname: 'retrying-01',
      pages: 2,
      time,
    }));
    dropNextUsageAnswer = true;
    const result = await client.report(reports);
    expect(result.answer?.status).toBe(200);
    // The first 1,000 were counted before their answer was lost; the retry finds them all duplicates.
    expect({ accepted: result.accepted, duplicates: result.duplicates }).toEqual({
      accepted: 500,
      duplicates: 1_000,
    });
    expect(await accrued(sub.id)).toBe(3_000);
  });
});
