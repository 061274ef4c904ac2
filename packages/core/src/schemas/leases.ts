import { z } from 'zod/mini';
import { EntitlementsSchema } from '../entitlements';
// A lease request's key and host name are read exactly as an activation's.
import { hostnameField, LeaseStateSchema, licenseKeyField } from './licensing';

// Floating seats' contract (docs/licensing.md "Floating licenses", docs/decisions/034): what an engine
// sends to /api/licensing/leases and gets back, and the License section's live leases.

export const FINGERPRINT_MAX = 128;

export const LeaseSeatModelSchema = z.enum(['node-locked', 'floating'], {
  error: "Seats must be 'node-locked' or 'floating'",
});
export type LeaseSeatModel = z.infer<typeof LeaseSeatModelSchema>;

/** The engine's machine identity (docs/licensing.md, "Fingerprints"): a digest, never a secret. */
export const fingerprintField = z
  .string({ error: 'fingerprint is required' })
  .check(
    z.trim(),
    z.minLength(1, 'fingerprint is required'),
    z.maxLength(FINGERPRINT_MAX, `fingerprint must be at most ${FINGERPRINT_MAX} characters`),
    z.regex(/^[A-Za-z0-9._:-]+$/, 'fingerprint may hold only letters, digits and . _ : -'),
  );

/** POST /api/licensing/leases: check out a floating seat for this machine. */
export const LeaseCheckoutRequestSchema = z.strictObject({
  licenseKey: licenseKeyField,
  fingerprint: fingerprintField,
  hostname: hostnameField,
});
export type LeaseCheckoutRequest = z.infer<typeof LeaseCheckoutRequestSchema>;

/** Renew (POST …/heartbeat) and check in (DELETE): the lease is named in the path, the key proves the caller. */
export const LeaseKeyRequestSchema = z.strictObject({ licenseKey: licenseKeyField });
export type LeaseKeyRequest = z.infer<typeof LeaseKeyRequestSchema>;

/** POST /api/licensing/leases/{leaseId}/borrow: keep the seat offline for this many days. */
export const LeaseBorrowRequestSchema = z.strictObject({
  licenseKey: licenseKeyField,
  days: z
    .number({ error: 'days must be a number' })
    .check(z.int('days must be a whole number'), z.gte(1, 'days must be at least 1')),
});
export type LeaseBorrowRequest = z.infer<typeof LeaseBorrowRequestSchema>;

export const LEASE_ID_MAX = 64;

export const LeaseIdParamsSchema = z.object({
  leaseId: z
    .string()
    .check(
      z.minLength(1, 'leaseId is required'),
      z.maxLength(LEASE_ID_MAX, `leaseId must be at most ${LEASE_ID_MAX} characters`),
      z.meta({ description: 'The lease id a checkout answered' }),
    ),
});

/**
 * Whether an id has the shape of the ids checkouts answer (UUIDs): any other id names no lease, and is
 * answered NO_LEASE without asking the database.
 */
export const isLeaseIdShape = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Checkout (201 new, 200 the fingerprint's lease renewed) and renewal (200). */
export const LeaseResultSchema = z.object({
  licenseId: z.number().check(z.int()),
  leaseMinutes: z.number().check(z.int()),
  alreadyHeld: z.boolean(),
  lease: LeaseStateSchema,
  entitlements: EntitlementsSchema,
});
export type LeaseResult = z.infer<typeof LeaseResultSchema>;

/** Borrow: the lease, now held offline, and its signed borrow file (a license file naming the host). */
export const LeaseBorrowResultSchema = z.object({
  licenseId: z.number().check(z.int()),
  lease: LeaseStateSchema,
  borrowFile: z.string(),
  entitlements: EntitlementsSchema,
});

/** Check-in by the engine, or End by an administrator: the lease whose seat was freed. */
export const EndedLeaseSchema = z.object({ leaseId: z.string(), hostname: z.string() });

/** GET /api/subscription/{id}/leases: the License section's live leases of a floating license. */
export const LeaseListSchema = z.object({
  leaseMinutes: z.number().check(z.int()),
  borrowDays: z.number().check(z.int()),
  engines: z.object({
    used: z.number().check(z.int()),
    limit: z.nullable(z.number().check(z.int())),
  }),
  leases: z.array(LeaseStateSchema),
});
export type LeaseList = z.infer<typeof LeaseListSchema>;
