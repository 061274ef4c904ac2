import { z } from 'zod/mini';
import { ScimMessages } from '../scim';
import { EMAIL_MAX, emailField, NAME_MAX, optionalText } from './common';

// The bodies SCIM clients send (RFC 7643 §4, RFC 7644 §3.3, §3.5.2; docs/decisions/038). Loose
// objects: Okta and Entra ID send attributes the store does not keep (title, locale, the enterprise
// extension), and RFC 7644 has the server ignore what it does not support rather than refuse it.

const NameSchema = z.looseObject({
  givenName: optionalText('name.givenName', NAME_MAX),
  familyName: optionalText('name.familyName', NAME_MAX),
});

/** A User as POST and PUT send it; userName is the person's e-mail, as the store signs people in. */
export const ScimUserBodySchema = z.looseObject({
  schemas: z.optional(z.array(z.string())),
  userName: emailField(ScimMessages.userNameNotEmail, ScimMessages.userNameNotEmail),
  externalId: z.optional(z.nullable(optionalText('externalId', EMAIL_MAX))),
  name: z.optional(NameSchema),
  displayName: z.optional(z.nullable(z.string())),
  emails: z.optional(z.array(z.unknown())),
  // Entra ID sends "True" and "False" as strings; the service reads them with scimBoolean.
  active: z.optional(z.union([z.boolean(), z.string()])),
});
export type ScimUserBody = z.infer<typeof ScimUserBodySchema>;

/** A PATCH request's operations (RFC 7644 §3.5.2); each op is read by core's userPatchChanges. */
export const ScimPatchBodySchema = z.looseObject({
  schemas: z.optional(z.array(z.string())),
  Operations: z.array(
    z.looseObject({
      op: z.string({ error: 'Each operation needs an op: add, replace or remove' }),
      path: z.optional(z.string()),
      value: z.optional(z.unknown()),
    }),
    { error: 'Operations must be a list of operations' },
  ),
});
export type ScimPatchBody = z.infer<typeof ScimPatchBodySchema>;

/** A Group as POST and PUT send it: the groups are fixed, so only its name and members are read. */
export const ScimGroupBodySchema = z.looseObject({
  schemas: z.optional(z.array(z.string())),
  displayName: z.string({ error: 'displayName is required' }),
  members: z.optional(z.array(z.looseObject({ value: z.union([z.string(), z.number()]) }))),
});
export type ScimGroupBody = z.infer<typeof ScimGroupBodySchema>;

/** A list's query (RFC 7644 §3.4.2): filter, paging; other keys (attributes, sortBy) are ignored. */
export const ScimListQuerySchema = z.looseObject({
  filter: z.optional(z.string()),
  startIndex: z.optional(z.coerce.number({ error: 'startIndex must be a number' })),
  count: z.optional(z.coerce.number({ error: 'count must be a number' })),
});
export type ScimListQuery = z.infer<typeof ScimListQuerySchema>;

export const ScimIdParamsSchema = z.object({ id: z.string() });
