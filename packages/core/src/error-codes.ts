import { z } from 'zod/mini';

/**
 * Keygen's validation codes that apply here, plus the store's own where they say more than
 * SUSPENDED (UNPAID) or NO_MACHINE (HEARTBEAT_DEAD), and the floating leases' (docs/decisions/034):
 * the refusals only licensing answers. Engines compare against these names; never rename one.
 * Written here, where every error code is, and read by LicenseCodeSchema.
 */
export const LICENSE_REFUSALS = [
  'EXPIRED',
  'SUSPENDED',
  'UNPAID',
  'NO_MACHINE',
  'HEARTBEAT_DEAD',
  'OVER_CAP',
  'TOO_MANY_MACHINES',
  'TOO_MANY_LEASES',
  'NO_LEASE',
  'LEASE_EXPIRED',
  'NOT_FLOATING',
  'FLOATING',
  'BORROW_LIMIT',
] as const;

/**
 * Every `code` the API answers in its one error shape `{ message, code }` (docs/conventions.md "One
 * error shape"). A closed set shared by server and client, so a screen compares against a name
 * that exists, never a string literal that may have drifted.
 */
export const ErrorCode = z.enum([
  // Request shape (docs/design.md §4: bad input is a 400 with a readable message).
  'VALIDATION',
  'BAD_REQUEST',
  'BAD_VALUE',
  'BAD_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  // Identity and access (docs/design.md §4).
  'UNAUTHORIZED',
  'XSRF',
  'FORBIDDEN',
  // A person without the role a route needs (docs/decisions/033): the message names the role.
  'ROLE_REQUIRED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'TOO_MANY_REQUESTS',
  'CONFLICT',
  'CURRENT_PASSWORD_REQUIRED',
  'CURRENT_PASSWORD_WRONG',
  'TWO_FACTOR_SETUP_REQUIRED',
  'TWO_FACTOR_CODE_WRONG',
  // Accounts.
  'EMAIL_IN_USE',
  'CANNOT_DELETE_SELF',
  'LAST_ADMIN',
  // A person the organization's identity provider deactivated (docs/decisions/038): no new session.
  'DEACTIVATED',
  'RESET_LINK_INVALID',
  'RESET_EMAIL_MISMATCH',
  'RESET_ORGANIZATION',
  // A new password that is common or holds the context's words (ASVS 6.2.4, 6.2.11).
  'WEAK_PASSWORD',
  // Billing information and purchase (docs/design.md §3).
  'GATEWAY',
  'GATEWAY_UNAVAILABLE',
  'CARD_NUMBER_REFUSED',
  'CARD_DECLINED',
  'UNKNOWN_PLAN',
  'PLAN_UNAVAILABLE',
  'MONTHLY_NOT_ALLOWED',
  'BILLING_INFO_REQUIRED',
  'PURCHASE_IN_PROGRESS',
  'IDEMPOTENCY_KEY_REUSED',
  'TOTAL_CHANGED',
  // Promotion codes (docs/decisions/041): a code refused, one not redeemed at checkout, a code taken.
  'PROMOTION_REFUSED',
  'PROMOTION_NOT_REDEEMED',
  'PROMOTION_CODE_TAKEN',
  // 3-D Secure (docs/decisions/024): a bill that cannot be paid from the Pay Bills page now.
  'PAYMENT_IN_PROGRESS',
  'NOT_PAYABLE',
  // Subscriptions (docs/spec.md §4).
  'CANCELLED',
  'STALE_VERSION',
  'OFFLINE',
  'OFFLINE_NOT_ALLOWED',
  'BILL_OUTSTANDING',
  'OFFLINE_REISSUE_LIMIT',
  'PERPETUAL',
  'NO_PAYMENT_METHOD',
  'CANNOT_FLUSH',
  // Licensing refusals (docs/design.md §5): NOT_FOUND and CANCELLED are above, shared with the store.
  ...LICENSE_REFUSALS,
  // Offline activation by request file and usage files from offline sites (docs/decisions/040).
  'LICENSE_KEY_MISMATCH',
  'USAGE_FILE_TAMPERED',
  'UNKNOWN_LICENSE_FILE',
  'FINGERPRINT_MISMATCH',
  'RELEASE_CODE_WRONG',
  // Our own fault: the message says so, the log has the rest.
  'INTERNAL',
  // The database cannot be reached or is overloaded: try again (Retry-After).
  'UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;
/** Every code by name (`ErrorCodes.NOT_FOUND`): the enum's entries, what classic zod's `.enum` was. */
export const ErrorCodes = ErrorCode._zod.def.entries;

/** The body of every error answer. Some codes carry more fields (TOTAL_CHANGED: the new total). */
export const ErrorBodySchema = z
  .looseObject({
    message: z.string(),
    code: ErrorCode,
    /** A refused request's field, as the API document names it ('reports.0.pages'), for programs. */
    field: z.optional(z.string()),
  })
  .check(
    z.describe(
      'The failure: a message to show as it stands, a code of the closed set, and for bad input the field it is about.',
    ),
  );
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
