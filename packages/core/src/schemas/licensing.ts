import { z } from 'zod/mini';
import { EntitlementsSchema } from '../entitlements';
import { LICENSE_REFUSALS } from '../error-codes';

// The engines' contract (docs/design.md §5, docs/licensing.md): what engines and designers send to
// /api/licensing/* and what they get back, plus the machines list of the subscription editor.

export const LICENSE_KEY_MAX = 200;
export const HOSTNAME_MAX = 253;
export const TRANSACTION_ID_MAX = 100;
export const MAX_USAGE_BATCH = 1000;
export const MAX_PAGES_PER_REPORT = 1_000_000;
/** An ISO 8601 time with nanoseconds and an offset is 35 characters. */
export const TIME_MAX = 40;

/**
 * What a validation answers: VALID, or a refusal — the store's NOT_FOUND and CANCELLED, or one only
 * licensing answers. The sentence beside each (LicensingMessages) is for the engines' log.
 */
export const LicenseCodeSchema = z
  .enum(['VALID', 'NOT_FOUND', 'CANCELLED', ...LICENSE_REFUSALS])
  .check(
    z.meta({ description: 'The outcome, machine-readable; docs/licensing.md says what to do for each.' }),
  );
export type LicenseCode = z.infer<typeof LicenseCodeSchema>;

/** The codes by name, so server and engine code compare against a name that exists. */
export const ValidationCode = {
  Valid: 'VALID',
  NotFound: 'NOT_FOUND',
  Expired: 'EXPIRED',
  Suspended: 'SUSPENDED',
  Unpaid: 'UNPAID',
  Cancelled: 'CANCELLED',
  NoMachine: 'NO_MACHINE',
  HeartbeatDead: 'HEARTBEAT_DEAD',
  OverCap: 'OVER_CAP',
  TooManyMachines: 'TOO_MANY_MACHINES',
  TooManyLeases: 'TOO_MANY_LEASES',
  NoLease: 'NO_LEASE',
  LeaseExpired: 'LEASE_EXPIRED',
  NotFloating: 'NOT_FLOATING',
  Floating: 'FLOATING',
  BorrowLimit: 'BORROW_LIMIT',
} as const satisfies Record<string, LicenseCode>;
export type ValidationCode = (typeof ValidationCode)[keyof typeof ValidationCode];

export const licenseKeyField = z
  .string({ error: 'licenseKey is required' })
  .check(
    z.trim(),
    z.minLength(1, 'licenseKey is required'),
    z.maxLength(LICENSE_KEY_MAX, 'licenseKey is too long'),
  );
export const hostnameField = z
  .string({ error: 'hostname is required' })
  .check(
    z.trim(),
    z.minLength(1, 'hostname is required'),
    z.maxLength(HOSTNAME_MAX, `hostname must be at most ${HOSTNAME_MAX} characters`),
  );

export const ActivationKindSchema = z.enum(['engine', 'designer'], {
  error: "kind must be 'engine' or 'designer'",
});
export type ActivationKind = z.infer<typeof ActivationKindSchema>;

/** POST /api/licensing/activate and /api/licensing/heartbeat: one machine of a license key. */
export const MachineRequestSchema = z.strictObject({
  licenseKey: licenseKeyField,
  kind: ActivationKindSchema,
  hostname: hostnameField,
});
export type MachineRequest = z.infer<typeof MachineRequestSchema>;
export const ActivateRequestSchema = MachineRequestSchema;
export type ActivateRequest = MachineRequest;
export const HeartbeatRequestSchema = MachineRequestSchema;
export type HeartbeatRequest = MachineRequest;

export const ValidateRequestSchema = z.strictObject({
  licenseKey: licenseKeyField,
  kind: z.optional(ActivationKindSchema),
  hostname: z.optional(hostnameField),
  /** A floating license's engine names its lease instead of its host (docs/licensing.md). */
  leaseId: z.optional(z.string().check(z.maxLength(64, 'leaseId must be at most 64 characters'))),
});
export type ValidateRequest = z.infer<typeof ValidateRequestSchema>;

export const UsageReportSchema = z.strictObject({
  transactionId: z
    .string({ error: 'transactionId is required' })
    .check(
      z.trim(),
      z.minLength(1, 'transactionId is required'),
      z.maxLength(TRANSACTION_ID_MAX, `transactionId must be at most ${TRANSACTION_ID_MAX} characters`),
    ),
  hostname: hostnameField,
  pages: z
    .number({ error: 'pages must be a number' })
    .check(
      z.int('pages must be a whole number'),
      z.gte(0, 'pages must be at least 0'),
      z.lte(MAX_PAGES_PER_REPORT, `pages must be at most ${MAX_PAGES_PER_REPORT}`),
    ),
  time: z.pipe(
    z.iso
      .datetime({ offset: true, error: 'time must be an ISO 8601 date-time' })
      .check(z.maxLength(TIME_MAX, 'time must be an ISO 8601 date-time')),
    z.transform(toUtcInstant),
  ),
});
export type UsageReport = z.infer<typeof UsageReportSchema>;

/**
 * An ISO 8601 date-time with any offset ISO allows (±23:59) as the same instant in UTC, its
 * fraction of a second kept: PostgreSQL reads offsets only up to ±15:59, and an engine's clock may
 * be set to any of them.
 */
export function toUtcInstant(time: string): string {
  const fraction = /\.(\d+)/.exec(time)?.[1] ?? '';
  const whole = new Date(Date.parse(time.replace(/\.\d+/, ''))).toISOString().slice(0, 19);
  return `${whole}${fraction ? `.${fraction}` : ''}Z`;
}

export const UsageRequestSchema = z.strictObject({
  licenseKey: licenseKeyField,
  reports: z
    .array(UsageReportSchema, { error: 'reports must be a list' })
    .check(
      z.minLength(1, 'reports must not be empty'),
      z.maxLength(MAX_USAGE_BATCH, `At most ${MAX_USAGE_BATCH} reports per call`),
    ),
});
export type UsageRequest = z.infer<typeof UsageRequestSchema>;

/**
 * The largest body a valid batch of MAX_USAGE_BATCH reports can need: every field at its longest,
 * free text at 3 bytes a character (UTF-8 of any character a JavaScript string counts as one). The
 * usage route's body limit is this, so a valid batch is never refused for its size.
 */
export const MAX_USAGE_BODY_BYTES = (() => {
  const report =
    '{"transactionId":"","hostname":"","pages":,"time":""},'.length +
    3 * (TRANSACTION_ID_MAX + HOSTNAME_MAX) +
    String(MAX_PAGES_PER_REPORT).length +
    TIME_MAX;
  return `{"licenseKey":"","reports":[]}`.length + 3 * LICENSE_KEY_MAX + MAX_USAGE_BATCH * report;
})();

/** GET /api/licensing/public-key: what an engine verifies offline license files with (docs/design.md §5). */
export const LicensingPublicKeySchema = z.object({
  algorithm: z.string(),
  alg: z.string(),
  /** The key that signs new files: its fingerprint (a file names it in its payload's `keyId`) and PEM. */
  keyId: z.string(),
  publicKey: z.string(),
  /** Every key still valid, the signing key first, so files signed before a rotation keep verifying. */
  keys: z.array(z.object({ keyId: z.string(), publicKey: z.string() })),
});

/** A machine as an engine sees it: when it was activated, last seen, and when its seat lapses. */
export const MachineStateSchema = z.object({
  kind: ActivationKindSchema,
  hostname: z.string(),
  activatedAt: z.string(),
  lastSeenAt: z.string(),
  /** Without a heartbeat (or a validation naming it) by then, the machine's seat is released. */
  heartbeatDeadline: z.string(),
  alive: z.boolean(),
});
export type MachineState = z.infer<typeof MachineStateSchema>;

/** POST /api/licensing/activate: 201 for a new activation, 200 when the machine already was. */
export const ActivationResultSchema = z.object({
  activated: z.boolean(),
  alreadyActivated: z.boolean(),
  licenseId: z.number().check(z.int()),
  kind: ActivationKindSchema,
  hostname: z.string(),
  machine: MachineStateSchema,
  entitlements: EntitlementsSchema,
});

/** POST /api/licensing/heartbeat: the machine, seen now. */
export const HeartbeatResultSchema = z.object({
  licenseId: z.number().check(z.int()),
  machine: MachineStateSchema,
  entitlements: EntitlementsSchema,
});

const SeatCountSchema = z.object({
  /** Machines holding a seat (seen within the heartbeat window). */
  used: z.number().check(z.int()),
  /** Null: not limited (engines of a plan billed by use). */
  limit: z.nullable(z.number().check(z.int())),
});
export type SeatCount = z.infer<typeof SeatCountSchema>;

/** A floating license's lease as the engine and the portal see it (docs/decisions/034). */
export const LeaseStateSchema = z.object({
  leaseId: z.string(),
  fingerprint: z.string(),
  hostname: z.string(),
  startedAt: z.string(),
  renewedAt: z.string(),
  /** Without a renewal by then the seat is free: renew well before (at half the lease length). */
  expiresAt: z.string(),
  /** Borrowed for offline use: held until returned (checked in) or its borrow ends. */
  borrowed: z.boolean(),
});
export type LeaseState = z.infer<typeof LeaseStateSchema>;

/** POST /api/licensing/validate: always 200, `valid` and the code say the outcome. */
export const ValidationResultSchema = z.object({
  valid: z.boolean(),
  code: LicenseCodeSchema,
  detail: z.string(),
  licenseId: z.optional(z.number().check(z.int())),
  product: z.optional(z.number().check(z.int())),
  productName: z.optional(z.string()),
  plan: z.optional(z.string()),
  expiry: z.optional(z.nullable(z.string())),
  limits: z.optional(
    z.object({
      engines: z.nullable(z.number().check(z.int())),
      designers: z.nullable(z.number().check(z.int())),
    }),
  ),
  activations: z.optional(
    z.object({ engines: z.number().check(z.int()), designers: z.number().check(z.int()) }),
  ),
  heartbeatWindowDays: z.optional(z.number().check(z.int())),
  /** The features in force now: the plan's, whatever the code (absent only for NOT_FOUND). */
  entitlements: z.optional(EntitlementsSchema),
  /** How the license's engines hold seats: activated machines, or leases (docs/decisions/034). */
  seats: z.optional(z.enum(['node-locked', 'floating'])),
  /** A floating license's lease length; renew well within it. */
  leaseMinutes: z.optional(z.number().check(z.int())),
  /** The machine named by hostname (and kind), when it was ever activated. */
  machine: z.optional(MachineStateSchema),
  /** A floating license's lease named by leaseId, while it exists. */
  lease: z.optional(LeaseStateSchema),
});
export type ValidationResult = z.infer<typeof ValidationResultSchema>;

/** POST /api/licensing/usage: how many reports counted; a repeated transaction id counts once. */
export const UsageResultSchema = z.object({
  accepted: z.number().check(z.int()),
  duplicates: z.number().check(z.int()),
  pages: z.number(),
});

/** GET /api/subscription/{id}/machines: the License section's machines and seats. */
export const MachineSchema = z.extend(MachineStateSchema, { machineId: z.number().check(z.int()) });
export type Machine = z.infer<typeof MachineSchema>;

export const MachineListSchema = z.object({
  heartbeatWindowDays: z.number().check(z.int()),
  /** Floating: the engines hold leases (GET /api/subscription/{id}/leases), not machines. */
  seats: z.enum(['node-locked', 'floating']),
  engines: SeatCountSchema,
  designers: SeatCountSchema,
  machines: z.array(MachineSchema),
});
export type MachineList = z.infer<typeof MachineListSchema>;

/** DELETE /api/subscription/{id}/machines/{machineId}: the machine whose seat was released. */
export const DeactivatedMachineSchema = z.object({
  machineId: z.number().check(z.int()),
  kind: ActivationKindSchema,
  hostname: z.string(),
});
