import { hostname as osHostname } from 'node:os';
import { parseArgs } from 'node:util';
import { ActivationKindSchema, parseEntitlement } from '@store/core';
import { runEngine } from './engine/run-engine';

// The reference engine (docs/licensing.md): activates, heartbeats, validates and reports usage in a
// loop, printing what the store answers. It makes live usage for the demo:
//
//   npm run engine -- --key <licenseKey> [--host name] [--rate N] [--url http://localhost:3000] [--floating]

const USAGE = `npm run engine -- --key <licenseKey> [options]

  --key KEY          the subscription's license key (the editor's License section)
  --host NAME        this machine's host name (default: this computer's)
  --kind KIND        engine or designer (default: engine)
  --rate N           pages processed per second while the license is valid (default: 20)
  --url URL          the store (default: $STORE_URL or http://localhost:3000)
  --interval S       seconds between validations and usage reports (default: 5)
  --heartbeat S      seconds between heartbeats (default: 3600)
  --ticks N          stop after N rounds (default: run until Ctrl+C)
  --floating         a floating license: lease a seat instead of activating the host,
                     renew it, and check it in at exit
  --fingerprint FP   this machine's fingerprint (default: computed, docs/licensing.md)
  --needs LIST       features each job needs, comma-separated (ocr,pdf-a,max-pages-per-document=4):
                     a job the license lacks one of is refused with ENTITLEMENT_MISSING`;

/** --needs: each a feature in the grammar of entitlements (docs/licensing.md). */
function needsOf(value: string | undefined): string[] {
  const needs = (value ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  for (const need of needs) {
    const parsed = parseEntitlement(need);
    if ('error' in parsed) throw new Error(`--needs: ${parsed.error}`);
  }
  return needs;
}

function positive(name: string, value: string | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) {
    throw new Error(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, not "${value}"`);
  }
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      key: { type: 'string' },
      host: { type: 'string' },
      kind: { type: 'string' },
      rate: { type: 'string' },
      url: { type: 'string' },
      interval: { type: 'string' },
      heartbeat: { type: 'string' },
      ticks: { type: 'string' },
      floating: { type: 'boolean' },
      fingerprint: { type: 'string' },
      needs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.key) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const kind = ActivationKindSchema.safeParse(values.kind ?? 'engine');
  if (!kind.success) throw new Error("--kind must be 'engine' or 'designer'");
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  return runEngine(
    {
      url: values.url ?? process.env.STORE_URL ?? 'http://localhost:3000',
      licenseKey: values.key,
      hostname: values.host ?? osHostname(),
      kind: kind.data,
      rate: positive('rate', values.rate, 20, true),
      intervalSeconds: positive('interval', values.interval, 5),
      heartbeatSeconds: positive('heartbeat', values.heartbeat, 3600),
      ticks: values.ticks === undefined ? undefined : positive('ticks', values.ticks, 1),
      floating: values.floating ?? false,
      fingerprint: values.fingerprint,
      needs: needsOf(values.needs),
    },
    { print: (line) => console.log(line), signal: stop.signal },
  );
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    console.log(USAGE);
    process.exit(1);
  },
);
