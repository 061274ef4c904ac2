import { hostname as osHostname } from 'node:os';
import { parseArgs } from 'node:util';
import { ActivationKindSchema, parseEntitlement } from '@store/core';
import { machineFingerprint } from './engine/fingerprint';
import {
  installLicenseFile,
  releaseLicenseFile,
  writeActivationRequest,
  writeUsageFile,
} from './engine/offline-commands';
import { runOffline } from './engine/offline-run';
import { runEngine } from './engine/run-engine';

// The reference engine (docs/licensing.md): activates, heartbeats, validates and reports usage in a
// loop, printing what the store answers. It makes live usage for the demo:
//
//   npm run engine -- --key <licenseKey> [--host name] [--rate N] [--url http://localhost:3000] [--floating]
//
// and, for a machine without network, the offline commands (docs/licensing.md, "Offline activation by
// request file"): request, install, the loop run from the installed file (--offline), usage-file and
// release.

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
                     a job the license lacks one of is refused with ENTITLEMENT_MISSING

Offline, without network (docs/licensing.md, "Offline activation by request file"):

  npm run engine -- request --key KEY --out req.json [--host NAME] [--kind KIND]
                     write an activation request to upload in the portal's License section
  npm run engine -- install --file license.lic --public-key key.pem [--host NAME] [--kind KIND]
                     verify the portal's answer (key from GET /api/licensing/public-key) and install it
  npm run engine -- --offline [--host NAME] [--needs LIST] [--rate N] [--ticks N]
                     run from the installed file: its signature, machine, expiry and entitlements are
                     checked every round, and the pages processed are recorded for usage-file
  npm run engine -- usage-file --out usage.json
                     write the pages processed offline as a signed usage file to upload in the portal
  npm run engine -- release
                     remove the installed file and print the release code that frees its seat

  --dir DIR          where the installed license file is kept (default: ./engine-offline)
  --public-key FILE  with --offline: the store's key, if not the one kept at install`;

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
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      file: { type: 'string' },
      'public-key': { type: 'string' },
      dir: { type: 'string' },
      key: { type: 'string' },
      host: { type: 'string' },
      kind: { type: 'string' },
      rate: { type: 'string' },
      url: { type: 'string' },
      interval: { type: 'string' },
      heartbeat: { type: 'string' },
      ticks: { type: 'string' },
      floating: { type: 'boolean' },
      offline: { type: 'boolean' },
      fingerprint: { type: 'string' },
      needs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const kind = ActivationKindSchema.safeParse(values.kind ?? 'engine');
  if (!kind.success) throw new Error("--kind must be 'engine' or 'designer'");
  const command = positionals[0];
  if (command && !values.help) {
    const io = { print: (line: string) => console.log(line) };
    const machine = {
      hostname: values.host ?? osHostname(),
      kind: kind.data,
      fingerprint: values.fingerprint ?? machineFingerprint(),
      dir: values.dir ?? 'engine-offline',
    };
    const required = (name: string, value: string | undefined) => {
      if (!value) throw new Error(`${command} needs --${name}`);
      return value;
    };
    if (command === 'request') {
      writeActivationRequest(
        { ...machine, licenseKey: required('key', values.key), out: required('out', values.out) },
        io,
      );
    } else if (command === 'install') {
      installLicenseFile(
        {
          ...machine,
          file: required('file', values.file),
          publicKey: required('public-key', values['public-key']),
        },
        io,
      );
    } else if (command === 'usage-file') {
      writeUsageFile({ ...machine, out: required('out', values.out) }, io);
    } else if (command === 'release') {
      releaseLicenseFile(machine, io);
    } else {
      throw new Error(`Unknown command ${command}: request, install, usage-file or release`);
    }
    return 0;
  }
  if (values.help || (!values.key && !values.offline)) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  const pace = {
    rate: positive('rate', values.rate, 20, true),
    intervalSeconds: positive('interval', values.interval, 5),
    ticks: values.ticks === undefined ? undefined : positive('ticks', values.ticks, 1),
    needs: needsOf(values.needs),
  };
  const io = { print: (line: string) => console.log(line), signal: stop.signal };
  // Without --key, the check above left only --offline.
  if (values.offline || !values.key) {
    return runOffline(
      {
        ...pace,
        dir: values.dir ?? 'engine-offline',
        hostname: values.host ?? osHostname(),
        kind: kind.data,
        fingerprint: values.fingerprint ?? machineFingerprint(),
        publicKey: values['public-key'],
      },
      io,
    );
  }
  return runEngine(
    {
      url: values.url ?? process.env.STORE_URL ?? 'http://localhost:3000',
      licenseKey: values.key,
      hostname: values.host ?? osHostname(),
      kind: kind.data,
      ...pace,
      heartbeatSeconds: positive('heartbeat', values.heartbeat, 3600),
      floating: values.floating ?? false,
      fingerprint: values.fingerprint,
    },
    io,
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
