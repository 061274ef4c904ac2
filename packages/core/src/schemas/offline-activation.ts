import { z } from 'zod/mini';
import { fingerprintField } from './leases';
import { ActivationKindSchema, hostnameField, licenseKeyField, UsageReportSchema } from './licensing';

// Offline activation by request file (docs/licensing.md "Offline activation by request file",
// docs/decisions/040): the request an engine writes, the portal's answer, the release code and the
// usage file an offline engine writes and an administrator uploads.

export const ACTIVATION_REQUEST_VERSION = 1;
export const USAGE_FILE_VERSION = 1;
/** An offline site may gather many reports between visits; the engine splits beyond this. */
export const MAX_USAGE_FILE_REPORTS = 10_000;
const NONCE_MAX = 100;
const ENGINE_VERSION_MAX = 50;

const shortText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${name} is required`),
      z.maxLength(max, `${name} must be at most ${max} characters`),
    );

/** What `npm run engine -- request` writes: who asks, for which machine, and a nonce of its own. */
export const ActivationRequestFileSchema = z.object({
  type: z.literal('activation-request', { error: "type must be 'activation-request'" }),
  version: z.literal(ACTIVATION_REQUEST_VERSION, {
    error: `version must be ${ACTIVATION_REQUEST_VERSION}`,
  }),
  licenseKey: licenseKeyField,
  fingerprint: fingerprintField,
  hostname: hostnameField,
  kind: ActivationKindSchema,
  engineVersion: shortText('engineVersion', ENGINE_VERSION_MAX),
  nonce: shortText('nonce', NONCE_MAX),
  created: z.optional(z.string().check(z.maxLength(40, 'created must be an ISO 8601 date-time'))),
});
export type ActivationRequestFile = z.infer<typeof ActivationRequestFileSchema>;

/** POST /api/subscription/{id}/offline-activations: the request file as the engine wrote it. */
export const OfflineActivationBodySchema = z.strictObject({ request: ActivationRequestFileSchema });
export type OfflineActivationBody = z.infer<typeof OfflineActivationBodySchema>;

/** The answer: the signed license file bound to the request's machine, to hand to `install`. */
export const OfflineActivationResultSchema = z.object({
  fileId: z.string(),
  kind: ActivationKindSchema,
  hostname: z.string(),
  fingerprint: z.string(),
  issued: z.string(),
  /** End of the paid period + 14 days; null for a perpetual license. */
  expiry: z.nullable(z.string()),
  fileName: z.string(),
  licenseFile: z.string(),
});
export type OfflineActivationResult = z.infer<typeof OfflineActivationResultSchema>;

/** POST /api/subscription/{id}/offline-activations/release: the code `release` printed. */
export const ReleaseCodeBodySchema = z.strictObject({
  code: z
    .string({ error: 'The release code is required' })
    .check(
      z.trim(),
      z.minLength(1, 'The release code is required'),
      z.maxLength(40, 'The release code is at most 40 characters'),
    ),
});
export type ReleaseCodeBody = z.infer<typeof ReleaseCodeBodySchema>;

export const ReleasedActivationSchema = z.object({
  fileId: z.string(),
  kind: ActivationKindSchema,
  hostname: z.string(),
});
export type ReleasedActivation = z.infer<typeof ReleasedActivationSchema>;

/** The signed part of a usage file: which license file's engine reported what. */
export const UsagePayloadSchema = z.object({
  type: z.literal('usage', { error: "type must be 'usage'" }),
  version: z.literal(USAGE_FILE_VERSION, { error: `version must be ${USAGE_FILE_VERSION}` }),
  fileId: shortText('fileId', 64),
  fingerprint: fingerprintField,
  created: z.optional(z.string().check(z.maxLength(40, 'created must be an ISO 8601 date-time'))),
  reports: z
    .array(UsageReportSchema, { error: 'reports must be a list' })
    .check(
      z.minLength(1, 'reports must not be empty'),
      z.maxLength(MAX_USAGE_FILE_REPORTS, `At most ${MAX_USAGE_FILE_REPORTS} reports per usage file`),
    ),
});
export type UsagePayload = z.infer<typeof UsagePayloadSchema>;

/**
 * What `npm run engine -- usage-file` writes, in the license file's shape: `enc` the base64 of the
 * payload's JSON and `sig` the HMAC-SHA256 of "usage/" + enc under the license file's usage key, so
 * the bytes signed are the bytes sent and no JSON canonicalization is needed.
 */
export const UsageFileSchema = z.object({
  enc: z.string({ error: 'enc is required' }).check(z.minLength(1, 'enc is required')),
  sig: z.string({ error: 'sig is required' }).check(z.minLength(1, 'sig is required')),
  alg: z.literal('base64+hmac-sha256', { error: "alg must be 'base64+hmac-sha256'" }),
});
export type UsageFile = z.infer<typeof UsageFileSchema>;

export const UsageFileBodySchema = z.strictObject({ usageFile: UsageFileSchema });
export type UsageFileBody = z.infer<typeof UsageFileBodySchema>;

/** Reports counted now, repeats (a transaction id already counted), and the months billed late. */
export const UsageFileResultSchema = z.object({
  fileId: z.string(),
  hostname: z.string(),
  accepted: z.number().check(z.int()),
  duplicates: z.number().check(z.int()),
  pages: z.number().check(z.int()),
  lateMonths: z.array(
    z.object({
      month: z.string(),
      rtus: z.number().check(z.int()),
      amountCents: z.number().check(z.int()),
    }),
  ),
});
export type UsageFileResult = z.infer<typeof UsageFileResultSchema>;
