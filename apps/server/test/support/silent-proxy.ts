import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP proxy to PostgreSQL that can go silent the way a NAT or firewall that forgot a flow does:
 * the connections it carries stay open, but from then on every byte either way is dropped and nobody
 * is told. New connections are carried normally.
 */
export class SilentProxy {
  private server: Server | null = null;
  private readonly carried = new Set<{ client: Socket; upstream: Socket; silent: boolean }>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.target.port, this.target.host);
      const flow = { client, upstream, silent: false };
      this.carried.add(flow);
      client.on('data', (d) => flow.silent || upstream.write(d));
      upstream.on('data', (d) => flow.silent || client.write(d));
      for (const s of [client, upstream]) {
        s.on('error', () => s.destroy());
        s.on('close', () => {
          client.destroy();
          upstream.destroy();
          this.carried.delete(flow);
        });
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Drops every byte of the connections open now, in both directions, without closing them. */
  silenceOpenConnections(): void {
    for (const flow of this.carried) flow.silent = true;
  }

  /** How many connections it carries that still pass bytes. */
  get audible(): number {
    return [...this.carried].filter((f) => !f.silent).length;
  }

  async close(): Promise<void> {
    for (const { client, upstream } of this.carried) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
