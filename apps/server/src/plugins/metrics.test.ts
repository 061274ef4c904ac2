import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { enqueueMail } from '../mail/outbox';

// GET /metrics (decision 018): Prometheus' text format behind METRICS_TOKEN; 404 without it set.

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  bare = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
  await bare.close();
});

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN, and needs the bearer token when it is set', async () => {
    expect((await scrape(bare, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    expect((await scrape(t)).statusCode).toBe(401);
    expect((await scrape(t, 'Bearer wrong-token-of-the-same-size-xyz')).statusCode).toBe(401);
  });

  it('gives request rate and latency by route, bills by status, charge outcomes, outbox depth and claim lag', async () => {
    await t.client().get('/api/health');
    await t.client().get('/api/health');
    await t.flushMail();
    await t.outbox.stop();
    await enqueueMail(t.db, { to: 'waiting@example.com', subject: 'Waiting', text: 'x' });
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain('store_http_requests_total{method="GET",route="/api/health",status="200"} 2');
    expect(text).toMatch(/store_http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} 2/);
    expect(text).toMatch(/store_bills\{status="[^"]+"\} \d+/);
    expect(text).toContain('# TYPE store_charge_attempts gauge');
    expect(text).toContain('store_outbox_unsent 1');
    expect(text).toMatch(/store_claim_lag_seconds\{queue="outbox"\} [\d.]+/);
    expect(text).toMatch(/store_claim_lag_seconds\{queue="renewals"\} [\d.]+/);
  });
});
