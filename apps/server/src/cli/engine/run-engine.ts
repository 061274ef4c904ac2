import { randomUUID } from 'node:crypto';
import {
  type ActivationKind,
  ENTITLEMENT_MISSING,
  EntitlementMessages,
  type Entitlements,
  type UsageReport,
  unmetNeed,
} from '@store/core';
import { createEngineClient, type EngineClient, type LeaseBody, type StoreAnswer } from './engine-client';
import { machineFingerprint } from './fingerprint';

// The reference engine's loop (docs/licensing.md): activate, then every tick heartbeat when due,
// validate, and — while the store answers VALID — "process" documents and report their pages.
// It prints what the store answers, so a developer sees the contract at work.

export type EngineOptions = {
  url: string;
  licenseKey: string;
  hostname: string;
  kind: ActivationKind;
  /** Pages processed per second while the license is valid. */
  rate: number;
  /** Seconds between ticks (a validation and a usage report each). */
  intervalSeconds: number;
  /** Seconds between heartbeats; the store's window is days, so hourly is plenty. */
  heartbeatSeconds: number;
  /** Stop after this many ticks (none: run until stopped). */
  ticks?: number;
  /** A floating license: lease a seat by fingerprint instead of activating the host (docs/decisions/034). */
  floating?: boolean;
  /** This machine's fingerprint (default: computed as docs/licensing.md says, fingerprint.ts). */
  fingerprint?: string;
  /** Features each job needs (`ocr`, `max-pages-per-document=4`): without them the job is refused. */
  needs?: string[];
};

export type EngineIo = {
  print: (line: string) => void;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
};

type MachineAnswer = StoreAnswer<{ alreadyActivated?: boolean; machine?: { heartbeatDeadline: string } }>;

/** A refusal or a validation: its status, code and sentence. */
const describe = (answer: StoreAnswer<object>) =>
  `${answer.status} ${answer.code}${answer.body.message || answer.body.detail ? ` — ${answer.body.message ?? answer.body.detail}` : ''}`;

/** An activation or heartbeat: what the seat now is, or the refusal. */
const describeMachine = (answer: MachineAnswer) => {
  const machine = answer.body.machine;
  if (answer.status >= 300 || !machine) return describe(answer);
  const what =
    answer.body.alreadyActivated === false
      ? 'activated'
      : answer.body.alreadyActivated
        ? 'already activated'
        : 'alive';
  return `${answer.status} ${what}, seat held until ${machine.heartbeatDeadline}`;
};

/**
 * An engine's own refusal of a job (docs/licensing.md, "Entitlements"): the license the store answered
 * lacks a feature the job needs. The store never sends this code; the engine says it, naming the feature.
 */
export function jobRefusal(entitlements: Entitlements | undefined, needs: readonly string[]): string | null {
  const missing = unmetNeed(entitlements ?? {}, needs);
  return missing === null ? null : `${ENTITLEMENT_MISSING} — ${EntitlementMessages.missing(missing)}`;
}

/** Documents of 1 to 4 pages adding up to `pages`, each a report with its own transaction id. */
export function documentsOf(pages: number, hostname: string, time: Date): UsageReport[] {
  const reports: UsageReport[] = [];
  for (let left = pages, i = 0; left > 0; i++) {
    const size = Math.min(left, 1 + (i % 4));
    reports.push({ transactionId: randomUUID(), hostname, pages: size, time: time.toISOString() });
    left -= size;
  }
  return reports;
}

/**
 * The whole pages a tick processes at `rate` pages a second: a fraction left over is carried to the
 * next tick, so a slow rate still processes its pages, only later.
 */
export function pagesDue(options: { rate: number; intervalSeconds: number }): () => number {
  let carry = 0;
  return () => {
    carry += options.rate * options.intervalSeconds;
    const pages = Math.floor(carry);
    carry -= pages;
    return pages;
  };
}

/** A checkout or renewal: the lease and until when it holds, or the refusal (with the next lease's end). */
const describeLease = (answer: StoreAnswer<LeaseBody>, verb: string) => {
  const lease = answer.body.lease;
  if (answer.status >= 300 || !lease) {
    const next = answer.body.nextLeaseEndsAt ? ` (next lease ends ${answer.body.nextLeaseEndsAt})` : '';
    return `${describe(answer)}${next}`;
  }
  return `${answer.status} ${verb}, seat held until ${lease.expiresAt}`;
};

/**
 * What a tick does once the store answered VALID, node-locked or floating alike: refuse a job the
 * license lacks a feature for, or "process" the pages the rate makes due and report them.
 */
function workOf(
  options: EngineOptions,
  client: EngineClient,
  print: (line: string) => void,
  now: () => Date,
) {
  const due = pagesDue(options);
  const totals = { reports: 0, pages: 0 };
  return {
    async tick(entitlements: Entitlements | undefined) {
      const refused = jobRefusal(entitlements, options.needs ?? []);
      if (refused) {
        print(`validate: 200 VALID; job refused: ${refused}`);
        return;
      }
      const pages = due();
      if (pages === 0) {
        print('validate: 200 VALID — idle');
        return;
      }
      const reports = documentsOf(pages, options.hostname, now());
      const { answer, accepted, duplicates } = await client.report(reports);
      totals.reports += accepted;
      totals.pages += answer?.status === 200 ? pages : 0;
      print(
        answer?.status === 200
          ? `validate: 200 VALID; usage: ${reports.length} reports, ${pages} pages → accepted ${accepted}, duplicates ${duplicates}`
          : `validate: 200 VALID; usage: ${answer ? describe(answer) : 'nothing sent'}`,
      );
    },
    stopped: () => print(`stopped: ${totals.reports} reports, ${totals.pages} pages reported`),
  };
}

/** Runs until `ticks` are done or the signal aborts; answers the exit code (0, or 1 when refused at start). */
export async function runEngine(options: EngineOptions, io: EngineIo): Promise<number> {
  const now = io.now ?? (() => new Date());
  const sleep = io.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const fingerprint = options.fingerprint ?? (options.floating ? machineFingerprint() : undefined);
  const client = createEngineClient({ ...options, fingerprint, sleep });
  const stamp = () => now().toISOString().slice(11, 19);
  const print = (line: string) => io.print(`${stamp()} ${line}`);
  if (options.floating) return runFloating(options, io, { client, now, sleep, print });

  print(`${options.kind} ${options.hostname} → ${options.url}, ${options.rate} pages/s`);
  const activation = await client.activate();
  print(`activate: ${describeMachine(activation)}`);
  if (activation.status !== 200 && activation.status !== 201) return 1;

  let lastHeartbeat = now().getTime();
  const work = workOf(options, client, print, now);
  for (let tick = 0; options.ticks === undefined || tick < options.ticks; tick++) {
    if (io.signal?.aborted) break;
    if (tick > 0) await sleep(options.intervalSeconds * 1000);
    if (io.signal?.aborted) break;

    if (now().getTime() - lastHeartbeat >= options.heartbeatSeconds * 1000) {
      const beat = await client.heartbeat();
      print(`heartbeat: ${describeMachine(beat)}`);
      lastHeartbeat = now().getTime();
      // A machine silent past the window (or deactivated in the portal) activates again.
      if (beat.code === 'HEARTBEAT_DEAD' || beat.code === 'NO_MACHINE') {
        print(`activate: ${describeMachine(await client.activate())}`);
      }
    }

    const validation = await client.validate();
    if (validation.code !== 'VALID') {
      print(`validate: ${describe(validation)} — processing paused`);
      if (validation.code === 'HEARTBEAT_DEAD' || validation.code === 'NO_MACHINE') {
        print(`activate: ${describeMachine(await client.activate())}`);
      }
      continue;
    }
    await work.tick(validation.body.entitlements);
  }
  work.stopped();
  return 0;
}

/**
 * A floating license's engine (docs/licensing.md, "Floating licenses"): checks out a lease, renews it at
 * half its length (or every --heartbeat seconds, whichever is sooner), validates naming it, checks out
 * again when it was lost, and checks it in when it stops, so its seat is free at once.
 */
async function runFloating(
  options: EngineOptions,
  io: EngineIo,
  run: {
    client: EngineClient;
    now: () => Date;
    sleep: (ms: number) => Promise<void>;
    print: (line: string) => void;
  },
): Promise<number> {
  const { client, now, sleep, print } = run;
  print(
    `${options.kind} ${options.hostname} → ${options.url}, ${options.rate} pages/s, floating (fingerprint ${client.fingerprint?.slice(0, 12)}…)`,
  );
  const first = await client.checkout();
  print(`checkout: ${describeLease(first, first.body.alreadyHeld ? 'already held' : 'leased')}`);
  if (!first.body.lease || first.status >= 300) return 1;
  let leaseId = first.body.lease.leaseId;
  const renewMs = () =>
    Math.min(options.heartbeatSeconds * 1000, ((first.body.leaseMinutes ?? 15) * 60_000) / 2);
  let lastRenewal = now().getTime();
  const checkoutAgain = async () => {
    const again = await client.checkout();
    print(`checkout: ${describeLease(again, 'leased')}`);
    if (again.body.lease) leaseId = again.body.lease.leaseId;
    lastRenewal = now().getTime();
  };
  const lost = (code: string) => code === 'LEASE_EXPIRED' || code === 'NO_LEASE';

  const work = workOf(options, client, print, now);
  try {
    for (let tick = 0; options.ticks === undefined || tick < options.ticks; tick++) {
      if (io.signal?.aborted) break;
      if (tick > 0) await sleep(options.intervalSeconds * 1000);
      if (io.signal?.aborted) break;

      if (now().getTime() - lastRenewal >= renewMs()) {
        const renewal = await client.renew(leaseId);
        print(`renew: ${describeLease(renewal, 'renewed')}`);
        lastRenewal = now().getTime();
        if (lost(renewal.code)) await checkoutAgain();
      }

      const validation = await client.validate(leaseId);
      if (validation.code !== 'VALID') {
        print(`validate: ${describe(validation)} — processing paused`);
        if (lost(validation.code)) await checkoutAgain();
        continue;
      }
      await work.tick(validation.body.entitlements);
    }
  } finally {
    // Checked in at exit, the seat is free at once rather than when the lease runs out.
    const checkIn = await client.checkIn(leaseId);
    print(`check-in: ${checkIn.status === 200 ? '200 seat released' : describe(checkIn)}`);
  }
  work.stopped();
  return 0;
}
