import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../app-deps';
import { billsByStatus, chargeOutcomes, claimLag, outboxDepth } from './metrics-queries';

/**
 * Prometheus metrics at GET /metrics (prom-client, decision 018), behind METRICS_TOKEN as a bearer
 * token: unset, the route does not exist (404); a missing or wrong token is a 401. Request rate and
 * latency by route are this process's; bills, charges, the outbox and claim lag are read from the
 * database at each scrape. One registry per app, so apps in one process (tests) never share one.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'limits'>,
) {
  const token = deps.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  const requests = new Counter({
    name: 'store_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'store_http_request_duration_seconds',
    help: 'HTTP request latency, by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const bills = new Gauge({
    name: 'store_bills',
    help: 'Bills by status',
    labelNames: ['status'],
    registers: [registry],
  });
  const charges = new Gauge({
    name: 'store_charge_attempts',
    help: 'Charge attempts by outcome (started = not yet known)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'store_outbox_unsent',
    help: 'Mails not yet sent',
    registers: [registry],
  });
  const outboxAge = new Gauge({
    name: 'store_outbox_oldest_unsent_seconds',
    help: 'Age of the oldest mail not yet sent',
    registers: [registry],
  });
  const lag = new Gauge({
    name: 'store_claim_lag_seconds',
    help: 'How long the oldest due work has waited to be claimed',
    labelNames: ['queue'],
    registers: [registry],
  });

  const mailDrops = deps.limits.mail.drops;
  new Counter({
    name: 'store_mail_not_sent_total',
    help: 'Mails a budget kept from being sent, by purpose, budget spent (recipient, store, organization) and outcome (refused: answered 429; dropped: due after the answer, nobody told)',
    labelNames: ['purpose', 'budget', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, count } of mailDrops.counts()) this.inc({ ...labels }, count);
    },
  });

  // A callback hook: it runs after every answer, and an async one costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    }
    done();
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true, security: [] } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'The metrics need their bearer token.', code: 'UNAUTHORIZED' });
    }
    bills.reset();
    for (const b of await billsByStatus(deps.db)) bills.set({ status: b.status }, b.count);
    charges.reset();
    for (const c of await chargeOutcomes(deps.db)) charges.set({ outcome: c.outcome }, c.count);
    const depth = await outboxDepth(deps.db);
    outbox.set(depth.unsent);
    outboxAge.set(depth.oldestSeconds);
    const waited = await claimLag(deps.db, deps.clock.now());
    for (const [queue, seconds] of Object.entries(waited)) lag.set({ queue }, seconds);
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
