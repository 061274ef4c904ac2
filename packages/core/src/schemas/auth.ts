import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, Messages } from '../messages';
import { RecoveryCodeSchema, TotpCodeSchema } from '../two-factor';
import { EMAIL_MAX, emailField, MAX_ID, passwordField, requiredText } from './common';

const orgIdField = z
  .number({ error: Messages.organizationRequired })
  .int(Messages.organizationRequired)
  .positive(Messages.organizationRequired)
  .max(MAX_ID, Messages.organizationRequired)
  .nullable()
  .optional();

// Login checks presence only: an old password shorter than today's minimum must still sign in.
export const LoginRequestSchema = z.strictObject({
  email: requiredText(Messages.emailRequired, 'Email', EMAIL_MAX),
  password: z
    .string({ error: Messages.passwordRequired })
    .min(1, Messages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
  orgId: orgIdField,
  rememberMe: z.boolean().optional(),
  /** The second factor of a person with two-factor sign-in: a code of the app, or a recovery code. */
  totp: TotpCodeSchema.optional(),
  recoveryCode: RecoveryCodeSchema.optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const ForgotPasswordSchema = z.strictObject({
  email: emailField(Messages.forgotPasswordEmailRequired, Messages.emailInvalid),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

const resetFields = {
  email: emailField(Messages.emailRequired, Messages.emailInvalid),
  password: passwordField(Messages.passwordRequired),
  orgId: orgIdField,
  rememberMe: z.boolean().optional(),
};

/** What POST api/person/reset_password/{resetId} accepts. */
export const ResetPasswordRequestSchema = z.strictObject(resetFields);
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** The two passwords of Set Password must match (SPEC.md §5). */
const PasswordsMatchSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  // Judged once both are typed; an empty one has its own 'required' message.
  .refine((v) => v.password === '' || v.confirmPassword === '' || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: Messages.passwordMismatch,
  });

/**
 * The Set Password form: the request plus a confirmation that must match. The match is judged on
 * its own (an intersection), so it is said as soon as both passwords are typed, whatever the
 * e-mail field holds: an empty e-mail's required check would otherwise stop the form-wide rule.
 */
export const ResetPasswordSchema = z.intersection(
  z.object({ ...resetFields, confirmPassword: passwordField(Messages.passwordRequired) }),
  PasswordsMatchSchema,
);
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;
