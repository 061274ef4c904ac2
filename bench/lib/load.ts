import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and socket errors and timeouts. */
  failures: number;
  requests: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  /** A fresh request per call (e.g. a rotating license key); autocannon's own hook. */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
  /** Requests prepared once, which each connection cycles through (cheaper to send than setupRequest's). */
  requests?: autocannon.Request[];
}

/**
 * Load from this process (a different one from the server measured) with autocannon, a maintained
 * HTTP load generator: a short warm-up, then the measured run.
 */
export async function measure(opts: LoadOptions): Promise<LoadResult> {
  const base = {
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 32,
    requests: opts.setupRequest ? [{ setupRequest: opts.setupRequest }] : opts.requests,
  };
  await autocannon({ ...base, duration: 2 });
  const result = await autocannon({ ...base, duration: opts.seconds ?? 10 });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}
