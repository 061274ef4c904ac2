import { ROLES, type Role, roleDescription } from './roles';

// SCIM 2.0 provisioning (RFC 7643, RFC 7644; docs/decisions/038): an organization's identity provider
// (Okta, Microsoft Entra ID) creates, changes, deactivates and deletes its people, and gives roles
// through groups. The rules here are pure; the server's scim module speaks the protocol.

/** RFC 7644 §8.1: the media type of every SCIM answer; requests may send it or application/json. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';
/** Where the protocol is served, under the store's public address. */
export const SCIM_BASE_PATH = '/scim/v2';

export const ScimSchemas = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** RFC 7644 §3.12's scimType values the store answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'mutability'
  | 'uniqueness'
  | 'noTarget'
  | 'tooMany';

/** The groups are the roles (docs/decisions/033), fixed: the role is the id, its label the name. */
export interface ScimGroup {
  id: Role;
  displayName: string;
  bit: number;
}
export const SCIM_GROUPS: readonly ScimGroup[] = ROLES.map((r) => ({
  id: r.role,
  displayName: r.label,
  bit: r.bit,
}));
/** The group of an id or a display name (any letter case), if one is the store's. */
export const scimGroupById = (id: string): ScimGroup | undefined => SCIM_GROUPS.find((g) => g.id === id);
export const scimGroupByName = (name: string): ScimGroup | undefined =>
  SCIM_GROUPS.find((g) => g.displayName.toLowerCase() === name.toLowerCase() || g.id === name.toLowerCase());

/** Paging (RFC 7644 §3.4.2.4): 1-based startIndex, below 1 read as 1; count below 0 read as 0. */
export const SCIM_DEFAULT_COUNT = 100;
export const SCIM_MAX_COUNT = 200;
export function scimPage(startIndex: number | undefined, count: number | undefined) {
  const start = Math.max(1, Math.trunc(startIndex ?? 1));
  const size = Math.min(SCIM_MAX_COUNT, Math.max(0, Math.trunc(count ?? SCIM_DEFAULT_COUNT)));
  return { offset: start - 1, limit: size, startIndex: start };
}

export const ScimMessages = {
  unauthorized: 'Send an organization API token with the scim scope as Authorization: Bearer <token>.',
  userNotFound: 'No such user in this organization.',
  groupNotFound: 'No such group. The groups are admin, billing, licenses and developer.',
  noSuchEndpoint: 'No such SCIM endpoint. The resources are Users and Groups.',
  userNameTaken: 'A user with this userName already exists in the organization.',
  userNameNotEmail: 'userName must be an e-mail address: the store signs people in by e-mail.',
  invalidFilter:
    'This filter is not supported. Filter Users by userName eq, externalId eq or emails[type eq "work"].value eq, and Groups by displayName eq.',
  filterSyntax: (problem: string) => `The filter is not valid: ${problem}`,
  patchOp: (op: unknown) => `${JSON.stringify(op)} is not a PATCH operation: use add, replace or remove.`,
  patchValue: (path: string) => `The value for ${path} is not valid.`,
  patchRequired: (path: string) => `${path} cannot be removed.`,
  notBoolean: (path: string) => `${path} must be true or false.`,
  groupsFixed:
    "The groups are the store's roles (Administrator, Billing, Licenses, Developer): they cannot be created, renamed or deleted.",
  groupExists: (name: string) => `The group ${name} exists: link to it instead of creating it.`,
  unknownMember: (id: string) => `No user with id ${JSON.stringify(id)} in this organization.`,
  membersPath: (path: string) => `The path ${path} is not supported on a group: use members.`,
  badRequest: 'The request is not valid.',
  mediaType: `Send the request body as ${SCIM_MEDIA_TYPE} or application/json.`,
  internal: 'Something went wrong on our side. Please try again.',
} as const;

/** A SCIM boolean as the providers send it: Entra ID sends "True" and "False" as strings. */
export function scimBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  return null;
}

/** An attribute path without its schema's URN prefix, in lower case (names are case-insensitive). */
export function scimAttribute(path: string): string {
  const trimmed = path.trim();
  const prefix = `${ScimSchemas.user}:`;
  const bare = trimmed.toLowerCase().startsWith(prefix.toLowerCase())
    ? trimmed.slice(prefix.length)
    : trimmed;
  return bare.toLowerCase().replace(/\s+/g, ' ');
}

/** A refusal of a SCIM request: its status, RFC 7644's scimType where one applies, and the detail. */
export class ScimProblem extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimType | null,
    detail: string,
  ) {
    super(detail);
  }
}

/** A 400 of the request's content, with its scimType. */
export const invalid = (scimType: ScimType, detail: string) => new ScimProblem(400, scimType, detail);

/** The role's name as a group (for the person's `groups` in a User resource). */
export const scimGroupOfRole = (role: Role): ScimGroup => ({
  id: role,
  displayName: roleDescription(role).label,
  bit: roleDescription(role).bit,
});
