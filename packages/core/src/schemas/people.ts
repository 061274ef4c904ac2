import { z } from 'zod/mini';
import { countryField } from '../country-codes';
import { MAX_PASSWORD_LENGTH, Messages } from '../messages';
import { taxIdField } from '../tax-id';
import { emailField, idField, intField, optionalText, passwordField, requiredText } from './common';
import { Rights } from './entities';

export const PHONE_MAX = 40;

/** The user-info sub-form of Add New User and Register (docs/spec.md §5). */
export const UserInfoSchema = z.strictObject({
  firstName: requiredText(Messages.firstNameRequired, 'First name'),
  lastName: requiredText(Messages.lastNameRequired, 'Last name'),
  email: emailField(Messages.emailRequired, Messages.emailInvalid),
  password: passwordField(Messages.passwordRequired),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/**
 * The fields a person body may carry besides the four of the form (docs/design.md §2 "Person bodies"):
 * what GET answers can be sent back. The ids and the read-only fields are checked against the
 * person they name by `personBodyConflict`; rights by `grantableRights`.
 */
const personBodyExtras = {
  personId: z.nullish(idField('personId')),
  organizationId: z.nullish(idField('organizationId')),
  rights: z.optional(intField('rights', 0)),
  phone: z.nullable(optionalText('Phone', PHONE_MAX)),
  emailVerified: z.optional(z.boolean({ error: 'emailVerified must be true or false' })),
  pendingEmail: z.nullish(z.string({ error: 'pendingEmail must be text' })),
  twoFactorEnabled: z.optional(z.boolean({ error: 'twoFactorEnabled must be true or false' })),
  deactivated: z.optional(z.boolean({ error: 'deactivated must be true or false' })),
};

/** POST /api/person/create: a user as docs/spec.md §3 lists it; a plain user unless rights say 3. */
export const CreatePersonSchema = z.extend(UserInfoSchema, personBodyExtras);
export type CreatePerson = z.infer<typeof CreatePersonSchema>;

// The Account screen edits one field at a time, with its own messages (docs/spec.md §5).
export const AccountFirstNameSchema = requiredText(Messages.firstNameRequired, 'First name');
export const AccountLastNameSchema = requiredText(Messages.lastNameRequiredAccount, 'Last name');
export const AccountEmailSchema = emailField(Messages.emailInvalidAccount, Messages.emailInvalidAccount);
export const AccountPasswordSchema = passwordField(
  Messages.passwordMinLengthAccount,
  Messages.passwordMinLengthAccount,
);

export const AccountFieldSchemas = {
  firstName: AccountFirstNameSchema,
  lastName: AccountLastNameSchema,
  email: AccountEmailSchema,
  password: AccountPasswordSchema,
} as const;
export type AccountField = keyof typeof AccountFieldSchemas;

/** POST /api/person/update/{personId}: only the fields sent change; no password keeps the old one. */
export const UpdatePersonSchema = z.strictObject({
  firstName: z.optional(AccountFirstNameSchema),
  lastName: z.optional(AccountLastNameSchema),
  email: z.optional(AccountEmailSchema),
  password: z.optional(AccountPasswordSchema),
  /** Required to change one's own password or e-mail address (docs/design.md §4: re-authentication). */
  currentPassword: z.optional(
    z
      .string({ error: 'currentPassword must be text' })
      .check(
        z.maxLength(MAX_PASSWORD_LENGTH, `currentPassword must be at most ${MAX_PASSWORD_LENGTH} characters`),
      ),
  ),
  ...personBodyExtras,
});
export type UpdatePerson = z.infer<typeof UpdatePersonSchema>;

export const RegisterOrganizationDetailsSchema = z.strictObject({
  orgName: requiredText(Messages.orgNameRequired, 'Organization name'),
  addr1: requiredText(Messages.addr1Required, 'Address 1'),
  addr2: optionalText('Address 2'),
  city: requiredText(Messages.cityRequired, 'City'),
  state: optionalText('State'),
  country: countryField(),
  zip: requiredText(Messages.postalCodeRequired, 'Postal code', 20),
  taxId: taxIdField(),
});

export const RegisterOrganizationSchema = z.strictObject({
  organization: RegisterOrganizationDetailsSchema,
  admin: UserInfoSchema,
});
export type RegisterOrganization = z.infer<typeof RegisterOrganizationSchema>;

export const PersonBodyMessages = {
  currentPasswordRequired: 'Enter your current password to change your password or e-mail address.',
  currentPasswordWrong: 'The current password is not correct.',
  rightsNotGrantable:
    'rights can be 1 (user) plus any of 2 (administrator), 4 (billing), 8 (licenses) and 16 (developer).',
  personIdContradicts: 'The user id is not the user named in the address.',
  personIdOnCreate: 'A new user gets its id when it is created; send none.',
  organizationIdContradicts: 'A user can only be added or changed in your own organization.',
  emailVerifiedReadOnly:
    'Whether an address is verified is set when the user opens the link mailed to it; it cannot be sent.',
  pendingEmailReadOnly: 'To change the address, send the new one as the e-mail address.',
  twoFactorEnabledReadOnly: 'Two-factor sign-in is turned on and off on the Account screen, with a code.',
  deactivatedReadOnly: "Only your organization's identity provider deactivates and reactivates a user.",
} as const;

/** The bits an admin may give through the API: user and the customers' roles, never the operator's. */
export const GRANTABLE_RIGHTS =
  Rights.User | Rights.Admin | Rights.Billing | Rights.Licenses | Rights.Developer;

/**
 * The rights an admin may give through the API (docs/design.md §5a): user plus any of admin, billing,
 * licenses and developer; a role without the user bit still means a user with that role (2 means 3).
 * Anything else, the operator bit above all, is not grantable: null.
 */
export function grantableRights(requested: number): number | null {
  if (!Number.isInteger(requested) || requested <= 0 || (requested & ~GRANTABLE_RIGHTS) !== 0) return null;
  return requested | Rights.User;
}

/** What the body says about the person, against what the person is (null: not yet created). */
export interface PersonBodyTarget {
  personId: number | null;
  organizationId: number;
  emailVerified: boolean;
  pendingEmail: string | null;
  twoFactorEnabled: boolean;
  deactivated: boolean;
}

/**
 * The first contradiction between a person body and the person it changes, as a 400's message and
 * the field it is about, or null. Fields that repeat what is already so are ignored, so a person read
 * with GET can be sent back with one field changed (docs/design.md §2 "Person bodies").
 */
export function personBodyConflict(
  body: Pick<
    CreatePerson,
    'personId' | 'organizationId' | 'emailVerified' | 'pendingEmail' | 'twoFactorEnabled' | 'deactivated'
  >,
  target: PersonBodyTarget,
): { message: string; field: string } | null {
  if (body.personId != null && body.personId !== target.personId) {
    const message =
      target.personId === null ? PersonBodyMessages.personIdOnCreate : PersonBodyMessages.personIdContradicts;
    return { message, field: 'personId' };
  }
  if (body.organizationId != null && body.organizationId !== target.organizationId) {
    return { message: PersonBodyMessages.organizationIdContradicts, field: 'organizationId' };
  }
  if (body.emailVerified !== undefined && body.emailVerified !== target.emailVerified) {
    return { message: PersonBodyMessages.emailVerifiedReadOnly, field: 'emailVerified' };
  }
  if (body.pendingEmail !== undefined && (body.pendingEmail ?? null) !== target.pendingEmail) {
    return { message: PersonBodyMessages.pendingEmailReadOnly, field: 'pendingEmail' };
  }
  if (body.twoFactorEnabled !== undefined && body.twoFactorEnabled !== target.twoFactorEnabled) {
    return { message: PersonBodyMessages.twoFactorEnabledReadOnly, field: 'twoFactorEnabled' };
  }
  if (body.deactivated !== undefined && body.deactivated !== target.deactivated) {
    return { message: PersonBodyMessages.deactivatedReadOnly, field: 'deactivated' };
  }
  return null;
}
