import { type ActivationKind, ValidationCode } from '@store/core';
import {
  assertLicensedHost,
  fileEntitlements,
  LicenseFileError,
  verifyLicenseFile,
} from '../../modules/licensing';
import { installedFile, recordOfflineUsage } from './offline-commands';
import { documentsOf, type EngineIo, jobRefusal, pagesDue } from './run-engine';

// The reference engine on a machine without network (docs/licensing.md "Running offline"): it runs
// from the license file `install` kept, checking at every round what the store would have checked
// online, and keeps what it processes for `usage-file`.

export type OfflineRunOptions = {
  /** Where `install` kept the file and the store's key. */
  dir: string;
  hostname: string;
  kind: ActivationKind;
  fingerprint: string;
  /** The store's published key, when not the one kept at install. */
  publicKey?: string;
  rate: number;
  intervalSeconds: number;
  ticks?: number;
  needs?: string[];
};

/**
 * The engine's own codes for a file it will not run from: its expiry passed (EXPIRED, as the store
 * answers a license past its end), another machine's file (FINGERPRINT_MISMATCH, as the store refuses
 * such a usage file), a file for another host, or one that is not the store's.
 */
const refusalCode = (error: LicenseFileError) =>
  error.reason === 'expired'
    ? ValidationCode.Expired
    : error.reason === 'wrong-host'
      ? 'WRONG_HOST'
      : 'LICENSE_FILE_INVALID';

/** The installed file checked as at `now`: its payload, or the refusal printed as `CODE — sentence`. */
function checked(options: OfflineRunOptions, file: { text: string; publicKey: string }, now: Date) {
  try {
    const payload = verifyLicenseFile(file.text, file.publicKey, now);
    assertLicensedHost(payload, options.hostname, options.kind);
    if (payload.fingerprint !== options.fingerprint) {
      return {
        refusal: `FINGERPRINT_MISMATCH — This license file is bound to another machine (fingerprint ${payload.fingerprint})`,
      };
    }
    return { payload };
  } catch (error) {
    if (!(error instanceof LicenseFileError)) throw error;
    const expired = error.reason === 'expired';
    return {
      refusal: `${refusalCode(error)} — ${error.message}${expired ? ': upload a new activation request (run request) for a later file' : ''}`,
    };
  }
}

/** Runs until `ticks` are done or the signal aborts; answers 0, or 1 when the file refuses it. */
export async function runOffline(options: OfflineRunOptions, io: EngineIo): Promise<number> {
  const now = io.now ?? (() => new Date());
  const sleep = io.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const print = (line: string) => io.print(`${now().toISOString().slice(11, 19)} ${line}`);
  const file = installedFile(options.dir, options.publicKey);
  const due = pagesDue(options);
  const totals = { reports: 0, pages: 0 };
  let announced = false;

  print(`${options.kind} ${options.hostname} offline from ${options.dir}, ${options.rate} pages/s`);
  for (let tick = 0; options.ticks === undefined || tick < options.ticks; tick++) {
    if (io.signal?.aborted) break;
    if (tick > 0) await sleep(options.intervalSeconds * 1000);
    if (io.signal?.aborted) break;

    // Checked every round: a file that expires while the engine runs stops it then.
    const result = checked(options, file, now());
    if ('refusal' in result) {
      print(`license file: ${result.refusal}`);
      print(`stopped: ${totals.reports} reports, ${totals.pages} pages recorded`);
      return 1;
    }
    if (!announced) {
      announced = true;
      const { licenseId, plan, expiry } = result.payload;
      print(`license file: VALID — license ${licenseId} (${plan}) until ${expiry ?? 'never'}`);
    }
    const refused = jobRefusal(fileEntitlements(result.payload), options.needs ?? []);
    if (refused) {
      print(`job refused: ${refused}`);
      continue;
    }
    const pages = due();
    if (pages === 0) {
      print('idle');
      continue;
    }
    const reports = documentsOf(pages, options.hostname, now());
    recordOfflineUsage(options.dir, reports);
    totals.reports += reports.length;
    totals.pages += pages;
    print(`processed ${reports.length} reports, ${pages} pages; recorded for usage-file`);
  }
  print(`stopped: ${totals.reports} reports, ${totals.pages} pages recorded`);
  return 0;
}
