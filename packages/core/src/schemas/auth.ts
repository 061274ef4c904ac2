import { z } from 'zod/mini';
import { MAX_PASSWORD_LENGTH, Messages } from '../messages';
import { RecoveryCodeSchema, TotpCodeSchema } from '../two-factor';
import { EMAIL_MAX, emailField, MAX_ID, passwordField, requiredText } from './common';

const orgIdField = z.optional(
  z.nullable(
    z
      .number({ error: Messages.organizationRequired })
      .check(
        z.int(Messages.organizationRequired),
        z.positive(Messages.organizationRequired),
        z.lte(MAX_ID, Messages.organizationRequired),
      ),
  ),
);

// Login checks presence only: an old password shorter than today's minimum must still sign in.
export const LoginRequestSchema = z.strictObject({
  email: requiredText(Messages.emailRequired, 'Email', EMAIL_MAX),
  password: z
    .string({ error: Messages.passwordRequired })
    .check(
      z.minLength(1, Messages.passwordRequired),
      z.maxLength(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
    ),
  orgId: orgIdField,
  rememberMe: z.optional(z.boolean()),
  /** The second factor of a person with two-factor sign-in: a code of the app, or a recovery code. */
  totp: z.optional(TotpCodeSchema),
  recoveryCode: z.optional(RecoveryCodeSchema),
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
  rememberMe: z.optional(z.boolean()),
};

/** What POST api/person/reset_password/{resetId} accepts. */
export const ResetPasswordRequestSchema = z.strictObject(resetFields);
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** The two passwords of Set Password must match (docs/spec.md §5). */
const PasswordsMatchSchema = z.object({ password: z.string(), confirmPassword: z.string() }).check(
  // Judged once both are typed; an empty one has its own 'required' message.
  z.refine((v) => v.password === '' || v.confirmPassword === '' || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: Messages.passwordMismatch,
  }),
);

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
