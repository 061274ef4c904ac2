import {
  type ActivationKind,
  type LicenseCode,
  MAX_USAGE_BATCH,
  type UsageReport,
  type ValidationResult,
} from '@store/core';

// The reference engine's side of the licensing API (docs/licensing.md): plain fetch, the store's
// answers as they come. Usage batches are retried with the same transaction ids, which the store
// counts once, so a retry after a lost answer never counts usage twice.

export type StoreAnswer<T = Record<string, unknown>> = {
  status: number;
  /** The answer's code (VALID, TOO_MANY_MACHINES, …), or the HTTP status when it has none. */
  code: LicenseCode | string;
  body: T & { message?: string; detail?: string; code?: string };
};

export type EngineClientOptions = {
  url: string;
  licenseKey: string;
  hostname: string;
  kind: ActivationKind;
  /** The machine's identity on a floating license (fingerprint.ts). */
  fingerprint?: string;
  /** Waits between retries (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  retries?: number;
};

type MachineBody = { alreadyActivated?: boolean; machine?: { heartbeatDeadline: string } };
export type LeaseBody = {
  alreadyHeld?: boolean;
  leaseMinutes?: number;
  lease?: { leaseId: string; expiresAt: string; hostname: string };
  nextLeaseEndsAt?: string | null;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Network failures, 429 and 5xx are worth retrying; any other answer is the store's last word. */
const retryable = (status: number) => status === 0 || status === 429 || status >= 500;

export function createEngineClient(options: EngineClientOptions) {
  const base = options.url.replace(/\/$/, '');
  const sleep = options.sleep ?? wait;
  const machine = { licenseKey: options.licenseKey, kind: options.kind, hostname: options.hostname };

  async function post<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    method = 'POST',
  ): Promise<StoreAnswer<T>> {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const json = (await res.json().catch(() => ({}))) as StoreAnswer<T>['body'];
      return { status: res.status, code: json.code ?? String(res.status), body: json };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { status: 0, code: 'NETWORK', body: { message } as StoreAnswer<T>['body'] };
    }
  }

  /** Retries with exponential backoff (1 s, 2 s, 4 s, … up to 30 s) while the failure is transient. */
  async function postWithRetries<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    method = 'POST',
  ): Promise<StoreAnswer<T>> {
    let answer = await post<T>(path, body, method);
    for (let attempt = 0; attempt < (options.retries ?? 5) && retryable(answer.status); attempt++) {
      await sleep(Math.min(30_000, 1000 * 2 ** attempt));
      answer = await post<T>(path, body, method);
    }
    return answer;
  }

  return {
    fingerprint: options.fingerprint,
    activate: () => postWithRetries<MachineBody>('/api/licensing/activate', machine),
    heartbeat: () => postWithRetries<MachineBody>('/api/licensing/heartbeat', machine),
    validate: (leaseId?: string) =>
      postWithRetries<ValidationResult>(
        '/api/licensing/validate',
        leaseId ? { licenseKey: options.licenseKey, kind: options.kind, leaseId } : machine,
      ),
    /** Floating licenses (docs/licensing.md): a seat leased by this machine's fingerprint. */
    checkout: () =>
      postWithRetries<LeaseBody>('/api/licensing/leases', {
        licenseKey: options.licenseKey,
        fingerprint: options.fingerprint,
        hostname: options.hostname,
      }),
    renew: (leaseId: string) =>
      postWithRetries<LeaseBody>(`/api/licensing/leases/${leaseId}/heartbeat`, {
        licenseKey: options.licenseKey,
      }),
    checkIn: (leaseId: string) =>
      postWithRetries<{ leaseId?: string }>(`/api/licensing/leases/${leaseId}`, undefined, 'DELETE'),
    /** One call per MAX_USAGE_BATCH reports; answers the last call's answer and the totals accepted. */
    async report(reports: UsageReport[]) {
      let accepted = 0;
      let duplicates = 0;
      let last: StoreAnswer<{ accepted?: number; duplicates?: number }> | null = null;
      for (let i = 0; i < reports.length; i += MAX_USAGE_BATCH) {
        last = await postWithRetries<{ accepted?: number; duplicates?: number }>('/api/licensing/usage', {
          licenseKey: options.licenseKey,
          reports: reports.slice(i, i + MAX_USAGE_BATCH),
        });
        if (last.status !== 200) break;
        accepted += last.body.accepted ?? 0;
        duplicates += last.body.duplicates ?? 0;
      }
      return { answer: last, accepted, duplicates };
    },
  };
}

export type EngineClient = ReturnType<typeof createEngineClient>;
