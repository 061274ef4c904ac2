import { createServer, type Server, Socket } from 'node:net';

/** The start of the server's ReadyForQuery message: 'Z' and its length (5); its status byte follows. */
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5]);

/**
 * A TCP proxy to PostgreSQL for the tests of a lost or silent database (the machine's PostgreSQL is
 * shared and is never stopped). It can go silent the way a NAT or firewall that forgot a flow does:
 * the connections it carries stay open, but every byte either way is dropped and nobody is told. It
 * can also be cut: every connection dropped and new ones refused until it opens again on its port.
 */
export class PostgresProxy {
  private server: Server | null = null;
  private readonly carried = new Set<{ client: Socket; upstream: Socket; silent: boolean }>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens: on a free port the first time, on the same port after a cut. */
  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.target.port, this.target.host);
      const flow = { client, upstream, silent: false };
      const silentOnceReady = this.silenceOnceReady;
      this.carried.add(flow);
      client.on('data', (d) => flow.silent || upstream.write(d));
      upstream.on('data', (d) => {
        if (flow.silent) return;
        client.write(d);
        // The server's first ReadyForQuery ('Z', length 5): the connection is up, its first query not sent.
        if (silentOnceReady && d.includes(READY_FOR_QUERY)) flow.silent = true;
      });
      for (const s of [client, upstream]) {
        s.on('error', () => s.destroy());
        s.on('close', () => {
          client.destroy();
          upstream.destroy();
          this.carried.delete(flow);
        });
      }
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /**
   * While set, each new connection goes silent as soon as PostgreSQL says it is ready: the client
   * connects, and its first statement is never answered.
   */
  silenceOnceReady = false;

  /** Drops every byte of the connections open now, in both directions, without closing them. */
  silenceOpenConnections(): void {
    for (const flow of this.carried) flow.silent = true;
  }

  /** How many connections it carries that still pass bytes. */
  get audible(): number {
    return [...this.carried].filter((f) => !f.silent).length;
  }

  /** Drops every connection and stops listening; `open` brings it back on the same port. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const { client, upstream } of this.carried) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
