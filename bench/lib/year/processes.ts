import { type ChildProcess, fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { freePort } from '../store-process';
import type { ClockState } from './clock';
import type { FromStore, GatewayPace, ToStore } from './protocol';

// The simulation's store processes: two servers and a worker on one database, each a real node
// process (bundled once, so a restart after SIGKILL takes a fraction of a second).

const here = dirname(fileURLToPath(import.meta.url));

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * Compiles the store process as the server's own build does (build.mjs: packages stay external),
 * into the server package's node_modules so node finds the server's packages from there.
 */
export async function bundleStore(): Promise<string> {
  const serverDir = join(here, '../../../apps/server');
  const outfile = join(serverDir, 'node_modules/.year/store.mjs');
  await build({
    entryPoints: [join(here, 'store-entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
    // paths.ts finds the server's files (migrations, assets) from where its module sits.
    define: { 'import.meta.dirname': JSON.stringify(join(serverDir, 'src')) },
    plugins: [
      {
        name: 'node-modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@store/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outfile;
}

export interface StoreSettings {
  bundle: string;
  env: Record<string, string>;
  speed: number;
  pace: GatewayPace;
}

export class StoreProcess {
  child!: ChildProcess;
  url: string | null = null;
  private seq = 0;
  private waiting = new Map<number, (error?: string) => void>();
  private stderr = '';
  kills = 0;
  /** Started and answering (false from a kill until the restart is up). */
  ready = false;

  constructor(
    readonly name: string,
    readonly role: 'server' | 'worker',
    private readonly settings: StoreSettings,
  ) {}

  /** Starts the process on the clock's current state and waits until it answers. */
  async start(clock: ClockState): Promise<void> {
    const port = this.role === 'server' ? await freePort() : 0;
    const { bundle, env, speed, pace } = this.settings;
    const child = fork(bundle, [], {
      env: {
        ...process.env,
        ...env,
        PORT: String(port || 3000),
        HOST: '127.0.0.1',
        YEAR_ROLE: this.role,
        YEAR_CLOCK_SPEED: String(speed),
        YEAR_CLOCK_STATE: JSON.stringify(clock),
        YEAR_GATEWAY_PACE: JSON.stringify(pace),
      },
      // YEAR_PROFILE=<dir> writes each process's CPU profile there when it stops (not when killed).
      execArgv: [
        '--enable-source-maps',
        ...(process.env.YEAR_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.YEAR_PROFILE}`] : []),
      ],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child = child;
    child.stderr?.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (message: FromStore) => {
        if (message.kind === 'ready') {
          this.url = message.url;
          this.ready = true;
          resolve();
        } else {
          this.waiting.get(message.seq)?.(message.error);
          this.waiting.delete(message.seq);
        }
      });
      child.once('exit', (code, signal) => {
        for (const done of this.waiting.values()) done(`${this.name} ended (${signal ?? code})`);
        this.waiting.clear();
        reject(new Error(`${this.name} exited (${signal ?? code}) before it was ready:\n${this.stderr}`));
      });
    });
    await ready;
  }

  private ask(message: DistributiveOmit<ToStore, 'seq'>): Promise<string | undefined> {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null)
        return resolve(`${this.name} is down`);
      this.waiting.set(seq, resolve);
      this.child.send({ ...message, seq });
    });
  }

  setClock(state: ClockState) {
    return this.ask({ kind: 'clock', state });
  }

  /** One billing tick; resolves when it is done or the process died under it. */
  tick() {
    return this.ask({ kind: 'tick' });
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Up and following the clock. */
  get serving(): boolean {
    return this.ready && this.alive;
  }

  /** SIGKILL: no shutdown, whatever was in flight is lost. */
  async kill(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.ready = false;
    this.child.kill('SIGKILL');
    this.kills += 1;
    await exited;
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  lastErrors(): string {
    return this.stderr;
  }
}
