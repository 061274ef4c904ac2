import { z } from 'zod';
import { Messages } from '../messages';
import { emailField, optionalText, passwordField, requiredText } from './common';

/** The user-info sub-form of Add New User and Register (SPEC.md §5). */
export const UserInfoSchema = z.strictObject({
  firstName: requiredText(Messages.firstNameRequired, 'First name'),
  lastName: requiredText(Messages.lastNameRequired, 'Last name'),
  email: emailField(Messages.emailRequired, Messages.emailInvalid),
  password: passwordField(Messages.passwordRequired),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const CreatePersonSchema = UserInfoSchema.extend({
  isAdmin: z.boolean().optional(),
});
export type CreatePerson = z.infer<typeof CreatePersonSchema>;

// The Account screen edits one field at a time, with its own messages (SPEC.md §5).
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
  firstName: AccountFirstNameSchema.optional(),
  lastName: AccountLastNameSchema.optional(),
  email: AccountEmailSchema.optional(),
  password: AccountPasswordSchema.optional(),
  isAdmin: z.boolean().optional(),
});
export type UpdatePerson = z.infer<typeof UpdatePersonSchema>;

export const RegisterOrganizationDetailsSchema = z.strictObject({
  orgName: requiredText(Messages.orgNameRequired, 'Organization name'),
  addr1: requiredText(Messages.addr1Required, 'Address 1'),
  addr2: optionalText('Address 2'),
  city: requiredText(Messages.cityRequired, 'City'),
  state: optionalText('State'),
  country: requiredText(Messages.countryRequired, 'Country', 2).pipe(
    z.string().regex(/^[A-Za-z]{2}$/, Messages.countryRequired),
  ),
  zip: requiredText(Messages.postalCodeRequired, 'Postal code', 20),
});

export const RegisterOrganizationSchema = z.strictObject({
  organization: RegisterOrganizationDetailsSchema,
  admin: UserInfoSchema,
});
export type RegisterOrganization = z.infer<typeof RegisterOrganizationSchema>;
