import { Pool } from 'undici';
import type { Db } from '../../../apps/server/src/db/client';
import { createSessionService } from '../../../apps/server/src/modules/identity/session.service';
import type { SimulationClock } from './clock';
import type { SimOrg } from './model';

// The customers' side of the API: each organization's admin with a session, calling one of the two
// servers as the SPA would (bearer token, XSRF cookie and header). Sessions are issued by the store's
// session service, as sign-in does once the password matched (argon2 for thousands of sign-ins
// would measure the password hash, not the year).

const XSRF = 'year-simulation-xsrf';
const SESSION_REFRESH_MS = 5 * 86_400_000;

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export class StoreApi {
  private sessions = new Map<number, { token: string; issuedAt: number }>();
  private turn = 0;
  /** Kept-alive connections per server: undici's request costs the simulation a third of fetch's CPU. */
  private pools = new Map<string, Pool>();
  calls = 0;
  /** How long each answered call took, in real milliseconds (the customers' wait). */
  readonly answerMs: number[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: SimulationClock,
    /** The servers' addresses (read on each call: a restarted server listens elsewhere). */
    private readonly servers: () => string[],
  ) {}

  private async token(org: SimOrg): Promise<string> {
    const now = this.clock.now().getTime();
    const held = this.sessions.get(org.id);
    if (held && now - held.issuedAt < SESSION_REFRESH_MS) return held.token;
    const token = await createSessionService({ db: this.db, clock: this.clock }).issue(org.adminPersonId);
    this.sessions.set(org.id, { token, issuedAt: now });
    return token;
  }

  private pool(base: string): Pool {
    let pool = this.pools.get(base);
    if (!pool) {
      pool = new Pool(base, { connections: 32 });
      this.pools.set(base, pool);
    }
    return pool;
  }

  /** Closes the connections (a restarted server's old address included). */
  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.destroy()));
  }

  /** One call; a server killed under it is asked again at the other (same body, same keys). */
  async call<T>(
    org: SimOrg | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    const auth: Record<string, string> = org ? { authorization: `Bearer ${await this.token(org)}` } : {};
    // A killed server's calls go to the other; with both restarting, wait as a load balancer would.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const servers = this.servers();
      const base = servers[this.turn++ % Math.max(1, servers.length)];
      try {
        if (!base) throw new Error('no server is up');
        this.calls += 1;
        const started = performance.now();
        const res = await this.pool(base).request({
          path,
          method: method as 'GET',
          headers: {
            ...auth,
            cookie: `XSRF-TOKEN=${XSRF}`,
            'x-xsrf-token': XSRF,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.body.text();
        this.answerMs.push(performance.now() - started);
        return { status: res.statusCode, body: (text ? JSON.parse(text) : null) as T };
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
}
