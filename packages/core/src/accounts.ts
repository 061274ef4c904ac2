import { z } from 'zod/mini';
import { PersonSchema } from './schemas/entities';
import { ThrottleMessages } from './sign-in-throttle';

// Accounts: the texts and payloads the spec leaves open, written once for server and web.
// The spec's own messages stay in messages.ts.

export const AccountMessages = {
  verificationSent: (email: string) =>
    `Your organization is registered. We sent a verification e-mail to ${email}: open its link, then log in.`,
  verifyLinkInvalid:
    'This verification link is not valid: it was already used, it has expired or it is incomplete. Log in to check whether your address is verified, or ask your administrator for a new link.',
  verifyingEmail: 'Verifying your e-mail address…',
  resetRequested:
    'If that e-mail address belongs to an account, you will receive an e-mail with a link to reset your password. The link expires in 1 hour.',
  resetLinkInvalid:
    'This password reset link is not valid: it was already used or it has expired. Request a new one.',
  resetEmailMismatch: 'This e-mail address does not match the password reset link.',
  resetOrganizationUnknown: 'This e-mail address does not belong to the chosen organization.',
  passwordReset: 'Your password has been reset. You may now log in with your new password.',
  emailInUse: 'A user with this e-mail address already exists in your organization.',
  cannotDeleteYourself: 'You cannot delete your own account.',
  lastAdminDelete: 'This user is the last administrator of the organization and cannot be deleted.',
  lastAdminDeactivate:
    'This user is the last administrator of the organization and cannot be deactivated. Make another user an administrator first.',
  lastAdminDemote:
    'This user is the last administrator of the organization. Make another user an administrator first.',
  onlyOwnAccount: 'You can only change your own account.',
  /** Sign-in of a person the organization's identity provider deactivated (docs/decisions/038). */
  deactivated:
    'Your organization has deactivated this account. Ask an administrator of your organization to reactivate it.',
  onlyAdminsGrantRoles: "Only an administrator can change a user's roles.",
  emailChangePending: (email: string) =>
    `We sent a confirmation link to ${email}. The new address takes effect once it is confirmed; until then, log in with your current address.`,
  tooManyRequests: ThrottleMessages.tooManyRequests,
  tooManyRegistrations: 'Too many registrations from this address. Please try again later.',
  countryUnknown: 'Country is not a known country code',
  enterCurrentPassword: 'Enter your current password to change this.',
} as const;

export const RegisterOrganizationResponseSchema = z.object({
  organizationId: z.number().check(z.int()),
  personId: z.number().check(z.int()),
  email: z.string(),
});
export type RegisterOrganizationResponse = z.infer<typeof RegisterOrganizationResponseSchema>;

export const VerifyEmailResponseSchema = z.object({
  success: z.boolean(),
  /** The address now verified (for an e-mail change, the new one). */
  email: z.nullish(z.string()),
  error: z.nullish(z.string()),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

export const ResetRequestCheckSchema = z.object({ valid: z.boolean() });
export type ResetRequestCheck = z.infer<typeof ResetRequestCheckSchema>;

/** Answer of GET api/person/password_reset_request/{address}: the same for every address. */
export const ResetRequestAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

/** A person as the account screens read it: pendingEmail is an address change awaiting confirmation. */
export const AccountPersonSchema = z.extend(PersonSchema, {
  pendingEmail: z.nullable(z.string()),
  /** Whether the person signs in with a second factor (an admin sees it to offer a reset). */
  twoFactorEnabled: z.boolean(),
});
export type AccountPerson = z.infer<typeof AccountPersonSchema>;

export const DeletePersonResponseSchema = z.object({ success: z.literal(true) });
