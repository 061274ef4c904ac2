import { z } from 'zod/mini';

// Two-factor sign-in (TOTP, RFC 6238) with single-use recovery codes (docs/design.md §4).

export const RECOVERY_CODE_COUNT = 10;

export const TwoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is the 6 digits your authenticator app shows.',
  recoveryCodeFormat:
    'A recovery code is 10 letters and digits, as it was shown when you set up two-factor sign-in.',
  codeWrong:
    'The code is not correct or was already used. Enter the current 6-digit code from your authenticator app.',
  recoveryCodeWrong: 'The recovery code is not correct or was already used.',
  signInCodeWrong: 'The code is not correct or was already used.',
  alreadyEnabled: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notEnabled: 'Two-factor sign-in is not on for this account.',
  noSetupPending: 'Start the set-up again: the secret to confirm has expired or was never created.',
  setupRequired: 'Set up two-factor sign-in on your Account page before you continue.',
  setupRequiredByPolicy:
    'Your organization requires administrators to sign in with two factors. Set up two-factor sign-in to continue.',
  operatorsAlways: 'Store operators always sign in with two factors: it cannot be turned off.',
  setupRequiredAfterReset: 'Your administrator reset your two-factor sign-in. Set it up again to continue.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: they are shown only once.',
  recoveryCodesLeft: (n: number) => `${n} unused recovery code${n === 1 ? '' : 's'} left.`,
  scanOrType:
    'Scan the QR code with your authenticator app, or type the secret into it, then enter the 6-digit code it shows.',
  disabled: 'Two-factor sign-in is off.',
  resetDone: (name: string) =>
    `Two-factor sign-in of ${name} was reset. They set it up again at their next sign-in.`,
  policyOn: 'Administrators of your organization now sign in with two factors.',
  policyOff: 'Administrators of your organization may sign in with a password alone.',
  cannotResetOwn: 'Turn your own two-factor sign-in off on your Account page, with a code.',
  setUpYoursFirst: 'Set up your own two-factor sign-in first, then require it of every administrator.',
} as const;

/** Six digits, as authenticator apps show them (spaces people type are removed). */
export const TotpCodeSchema = z.pipe(
  z
    .string({ error: TwoFactorMessages.codeRequired })
    .check(z.regex(/^\s*(?:\d\s*){6}$/, TwoFactorMessages.codeFormat)),
  z.transform((s) => s.replace(/\s+/g, '')),
);

/** Ten characters of RECOVERY_ALPHABET; dashes and spaces people type are removed, case ignored. */
export const RecoveryCodeSchema = z.pipe(
  z
    .string({ error: TwoFactorMessages.recoveryCodeFormat })
    .check(z.regex(/^[\s-]*(?:[0-9A-Za-z][\s-]*){10}$/, TwoFactorMessages.recoveryCodeFormat)),
  z.transform((s) => s.replace(/[\s-]+/g, '').toUpperCase()),
);

/** The alphabet of recovery codes: no 0/O or 1/I/L to misread. */
export const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Shown as two groups of five, the way people copy them down. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

export const TwoFactorSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauthUri: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorCodeRequestSchema = z.strictObject({ code: TotpCodeSchema });
export type TwoFactorCodeRequest = z.infer<typeof TwoFactorCodeRequestSchema>;

export const TwoFactorEnabledSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof TwoFactorEnabledSchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().check(z.int()),
  /** Set up is due: the organization requires it of admins, or an admin reset it. */
  setupRequired: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorPolicySchema = z.strictObject({
  adminsRequired: z.boolean({ error: 'adminsRequired must be true or false' }),
});
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicySchema>;

export const SuccessSchema = z.object({ success: z.literal(true) });
