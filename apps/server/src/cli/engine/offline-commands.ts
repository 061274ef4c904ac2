import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACTIVATION_REQUEST_VERSION,
  type ActivationKind,
  type ActivationRequestFile,
  formatReleaseCode,
  MAX_USAGE_FILE_REPORTS,
  USAGE_FILE_VERSION,
  type UsageReport,
} from '@store/core';
import {
  assertLicensedHost,
  type LicensePayload,
  releaseCodeOf,
  signUsageFile,
  verifyLicenseFile,
} from '../../modules/licensing';

// The reference engine offline (docs/licensing.md "Offline activation by request file"): it writes an
// activation request, installs the license file the portal answered, runs from it (offline-run.ts),
// writes what it processed as signed usage files, and on release removes its file and prints the
// code that frees its seat. None of it reaches the store.

/** The engine's version, as its activation requests name it. */
export const ENGINE_VERSION = '1.0.0';
const INSTALLED = 'license.lic';
/** The store's published key, kept at install: the engine verifies its file with it at every start. */
const STORE_KEY = 'store-key.pem';
/** Reports processed offline and not yet written to a usage file, one JSON line each. */
const JOURNAL = 'usage.jsonl';

export type OfflineIo = { print: (line: string) => void; now?: () => Date };

/** `request`: the activation request an administrator uploads in the portal's License section. */
export function writeActivationRequest(
  options: { licenseKey: string; hostname: string; kind: ActivationKind; fingerprint: string; out: string },
  io: OfflineIo,
): ActivationRequestFile {
  const request: ActivationRequestFile = {
    type: 'activation-request',
    version: ACTIVATION_REQUEST_VERSION,
    licenseKey: options.licenseKey,
    fingerprint: options.fingerprint,
    hostname: options.hostname,
    kind: options.kind,
    engineVersion: ENGINE_VERSION,
    nonce: randomUUID(),
    created: (io.now?.() ?? new Date()).toISOString(),
  };
  writeFileSync(options.out, `${JSON.stringify(request, null, 2)}\n`);
  io.print(`activation request for ${options.kind} ${options.hostname} written to ${options.out}`);
  io.print('upload it in the portal (Subscriptions, License: Upload activation request), then run install');
  return request;
}

/**
 * `install`: verifies the answered file offline (the store's published key, its expiry, this host and
 * this machine's fingerprint) and keeps it in the engine's directory.
 */
export function installLicenseFile(
  options: {
    file: string;
    publicKey: string;
    dir: string;
    hostname: string;
    kind: ActivationKind;
    fingerprint: string;
  },
  io: OfflineIo,
): LicensePayload {
  const text = readFileSync(options.file, 'utf8');
  const payload = verifyLicenseFile(text, readFileSync(options.publicKey, 'utf8'), io.now?.() ?? new Date());
  assertLicensedHost(payload, options.hostname, options.kind);
  if (!payload.fileId || !payload.usageKey)
    throw new Error('This license file does not answer an activation request');
  if (payload.fingerprint !== options.fingerprint) {
    throw new Error(`This license file is bound to another machine (fingerprint ${payload.fingerprint})`);
  }
  mkdirSync(options.dir, { recursive: true });
  writeFileSync(join(options.dir, INSTALLED), text);
  writeFileSync(join(options.dir, STORE_KEY), readFileSync(options.publicKey, 'utf8'));
  io.print(
    `installed license ${payload.licenseId} (${payload.plan}) for ${options.hostname}, valid until ${payload.expiry ?? 'never expires'}`,
  );
  return payload;
}

/** The installed file's text and the key kept beside it (or the one named instead). */
export function installedFile(dir: string, publicKey?: string): { text: string; publicKey: string } {
  try {
    return {
      text: readFileSync(join(dir, INSTALLED), 'utf8'),
      publicKey: readFileSync(publicKey ?? join(dir, STORE_KEY), 'utf8'),
    };
  } catch {
    throw new Error(`No license file is installed in ${dir}: run install first`);
  }
}

/** The installed file's payload, read without its key: `install` verified it. */
function installed(dir: string): LicensePayload {
  const { text } = installedFile(dir);
  const armour = text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  const cert = JSON.parse(Buffer.from(armour, 'base64').toString('utf8')) as { enc: string };
  const payload = JSON.parse(Buffer.from(cert.enc, 'base64').toString('utf8')) as LicensePayload;
  if (!payload.fileId || !payload.usageKey || !payload.fingerprint) {
    throw new Error('The installed license file does not answer an activation request');
  }
  return payload;
}

/** Keeps reports the offline engine processed until `usage-file` writes them. */
export function recordOfflineUsage(dir: string, reports: readonly UsageReport[]): void {
  if (reports.length === 0) return;
  appendFileSync(join(dir, JOURNAL), reports.map((r) => `${JSON.stringify(r)}\n`).join(''));
}

function recordedUsage(dir: string): UsageReport[] {
  const path = join(dir, JOURNAL);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as UsageReport);
}

/**
 * `usage-file`: what the engine processed offline and no usage file holds yet, signed with the
 * installed file's usage key. Each report leaves the journal once written, so its transaction id is
 * in one file only; beyond a file's limit the rest waits for the next one.
 */
export function writeUsageFile(
  options: { dir: string; out: string },
  io: OfflineIo,
): { reports: number; pages: number } {
  const payload = installed(options.dir);
  const recorded = recordedUsage(options.dir);
  if (recorded.length === 0)
    throw new Error(`No usage is recorded in ${options.dir}: run the engine with --offline first`);
  const reports = recorded.slice(0, MAX_USAGE_FILE_REPORTS);
  const rest = recorded.slice(MAX_USAGE_FILE_REPORTS);
  const file = signUsageFile(payload.usageKey!, {
    type: 'usage',
    version: USAGE_FILE_VERSION,
    fileId: payload.fileId,
    fingerprint: payload.fingerprint,
    created: (io.now?.() ?? new Date()).toISOString(),
    reports,
  });
  writeFileSync(options.out, `${JSON.stringify(file)}\n`);
  writeFileSync(join(options.dir, JOURNAL), rest.map((r) => `${JSON.stringify(r)}\n`).join(''));
  const pages = reports.reduce((sum, r) => sum + r.pages, 0);
  io.print(`usage file of ${reports.length} reports (${pages} pages) written to ${options.out}`);
  if (rest.length > 0) io.print(`${rest.length} reports wait for the next usage file: run usage-file again`);
  io.print('upload it in the portal (Subscriptions, License: Upload usage file)');
  return { reports: reports.length, pages };
}

/** `release`: removes the installed file and prints the code an administrator enters to free its seat. */
export function releaseLicenseFile(options: { dir: string }, io: OfflineIo): string {
  const payload = installed(options.dir);
  // Once the file is gone no usage file can be signed: what was processed would never be billed.
  const unwritten = recordedUsage(options.dir).length;
  if (unwritten > 0) {
    throw new Error(`${unwritten} reports processed offline are in no usage file yet: run usage-file first`);
  }
  const code = formatReleaseCode(releaseCodeOf(payload.usageKey!, payload.fileId!, payload.fingerprint!));
  rmSync(join(options.dir, INSTALLED));
  io.print(`license file removed; this engine no longer runs. Release code: ${code}`);
  io.print('enter it in the portal (Subscriptions, License: Enter release code) to free the seat');
  return code;
}
