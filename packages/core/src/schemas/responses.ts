import { z } from 'zod';

// Answers of the calls the spec does not show a shape for, so the API document describes every
// answer (DESIGN.md §4) and the tests can hold each route to it.

/** GET /api/health. */
export const HealthSchema = z.object({
  status: z.literal('ok'),
  mode: z.enum(['demo', 'production']),
  time: z.string(),
});

export const LivenessSchema = z.object({ status: z.literal('ok') });

export const ReadinessSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('reachable'),
  migrations: z.literal('applied'),
});

/** GET /api/person/logout: succeeds whether or not the token was still valid. */
export const LogoutResultSchema = z.object({ success: z.boolean() });

/** GET /api/licensing/public-key: what an engine verifies offline license files with (DESIGN.md §5). */
export const LicensingPublicKeySchema = z.object({
  algorithm: z.string(),
  alg: z.string(),
  /** The key that signs new files (PEM) and its id. */
  publicKey: z.string(),
  keyId: z.string(),
  /** Every key still valid, the signing key first: a file names its key by `kid`. */
  keys: z.array(z.object({ keyId: z.string(), publicKey: z.string() })),
});

const MachineKind = z.enum(['engine', 'designer']);

/** POST /api/licensing/activate: 201 for a new activation, 200 when the machine already was. */
export const ActivationResultSchema = z.object({
  activated: z.boolean(),
  alreadyActivated: z.boolean(),
  licenseId: z.number().int(),
  kind: MachineKind,
  hostname: z.string(),
});

/** POST /api/licensing/validate: always 200, `valid` and Keygen's code say the outcome. */
export const ValidationResultSchema = z.object({
  valid: z.boolean(),
  code: z
    .string()
    .meta({ description: "VALID, NOT_FOUND, EXPIRED, SUSPENDED, NO_MACHINE or OVER_CAP (Keygen's codes)." }),
  detail: z.string(),
  licenseId: z.number().int().optional(),
  product: z.number().int().optional(),
  productName: z.string().optional(),
  plan: z.string().optional(),
  expiry: z.string().nullable().optional(),
  limits: z
    .object({ engines: z.number().int().nullable(), designers: z.number().int().nullable() })
    .optional(),
  activations: z.object({ engines: z.number().int(), designers: z.number().int() }).optional(),
});

/** POST /api/licensing/usage: how many reports counted; a repeated transaction id counts once. */
export const UsageResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  pages: z.number(),
});
