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

/** A PATCH operation as RFC 7644 §3.5.2 sends it; the op in any letter case (Entra sends "Replace"). */
export interface ScimPatchOperation {
  op: string;
  path?: string;
  value?: unknown;
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

const invalid = (scimType: ScimType, detail: string) => new ScimProblem(400, scimType, detail);

export function patchOpName(operation: ScimPatchOperation): 'add' | 'replace' | 'remove' {
  const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
  if (op === 'add' || op === 'replace' || op === 'remove') return op;
  throw invalid('invalidSyntax', ScimMessages.patchOp(operation.op));
}

/** What a User's PATCH changes, of what the store keeps (docs/decisions/038). */
export interface ScimUserChanges {
  userName?: string;
  givenName?: string;
  familyName?: string;
  externalId?: string | null;
  active?: boolean;
}

const text = (path: string, value: unknown): string => {
  if (typeof value !== 'string') throw invalid('invalidValue', ScimMessages.patchValue(path));
  return value;
};

/**
 * One attribute of a User set (add, replace) or removed. Attributes the store does not keep (title,
 * phone numbers, the enterprise extension, the e-mails beside userName) are ignored rather than
 * refused: Okta and Entra ID send their default mappings, and a refusal would stop every sync.
 */
function applyUserAttribute(changes: ScimUserChanges, path: string, value: unknown, remove: boolean) {
  const attribute = scimAttribute(path);
  switch (attribute) {
    case 'active': {
      if (remove) throw invalid('invalidValue', ScimMessages.patchRequired('active'));
      const active = scimBoolean(value);
      if (active === null) throw invalid('invalidValue', ScimMessages.notBoolean('active'));
      changes.active = active;
      return;
    }
    case 'username':
      if (remove) throw invalid('mutability', ScimMessages.patchRequired('userName'));
      changes.userName = text('userName', value);
      return;
    case 'externalid':
      changes.externalId = remove ? null : text('externalId', value);
      return;
    case 'name.givenname':
      changes.givenName = remove ? '' : text('name.givenName', value);
      return;
    case 'name.familyname':
      changes.familyName = remove ? '' : text('name.familyName', value);
      return;
    case 'name': {
      if (remove) {
        changes.givenName = '';
        changes.familyName = '';
        return;
      }
      if (!value || typeof value !== 'object') throw invalid('invalidValue', ScimMessages.patchValue('name'));
      for (const [key, part] of Object.entries(value))
        applyUserAttribute(changes, `name.${key}`, part, false);
      return;
    }
    default:
      return;
  }
}

/**
 * The changes a User's PATCH asks for (RFC 7644 §3.5.2), read as Okta and Entra ID send them: the op
 * in any letter case, a value object without a path (its keys may be paths themselves, as Entra's
 * "name.givenName"), booleans as strings. Throws a ScimProblem for what cannot be read.
 */
export function userPatchChanges(operations: readonly ScimPatchOperation[]): ScimUserChanges {
  const changes: ScimUserChanges = {};
  for (const operation of operations) {
    const op = patchOpName(operation);
    if (operation.path !== undefined && operation.path.trim() !== '') {
      applyUserAttribute(changes, operation.path, operation.value, op === 'remove');
      continue;
    }
    if (op === 'remove') throw invalid('noTarget', ScimMessages.patchValue('a remove without a path'));
    if (!operation.value || typeof operation.value !== 'object' || Array.isArray(operation.value))
      throw invalid('invalidValue', ScimMessages.patchValue('a value without a path'));
    for (const [key, value] of Object.entries(operation.value))
      applyUserAttribute(changes, key, value, false);
  }
  return changes;
}

/** One step of a Group's PATCH on its members, applied in order to the members it has. */
export type ScimMemberAction =
  | { kind: 'add'; ids: string[] }
  | { kind: 'remove'; ids: string[] }
  | { kind: 'replace'; ids: string[] };

const memberIds = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((member) => {
    const id = (member as { value?: unknown } | null)?.value;
    if (typeof id !== 'string' && typeof id !== 'number')
      throw invalid('invalidValue', ScimMessages.patchValue('members'));
    return String(id);
  });
};

/** The one member a path such as `members[value eq "42"]` names (Okta's removal of a member). */
function memberOfPath(attribute: string, path: string): string | null {
  const match = /^members\[value eq "([^"]*)"\]$/.exec(attribute);
  if (!match) return null;
  // The id as sent, not lower-cased with the rest of the path.
  const original = /"([^"]*)"/.exec(path);
  return original?.[1] ?? match[1] ?? null;
}

/**
 * What a Group's PATCH does to its members: Entra ID sends add and remove with path `members`, Okta
 * replace (of the members, or a value object with them) and remove with `members[value eq "…"]`.
 * The groups themselves are fixed: a new displayName other than the group's own is refused.
 */
export function groupPatchActions(
  group: ScimGroup,
  operations: readonly ScimPatchOperation[],
): ScimMemberAction[] {
  const actions: ScimMemberAction[] = [];
  const keepName = (name: unknown) => {
    if (typeof name !== 'string' || scimGroupByName(name)?.id !== group.id)
      throw invalid('mutability', ScimMessages.groupsFixed);
  };
  for (const operation of operations) {
    const op = patchOpName(operation);
    const path = operation.path?.trim() ?? '';
    if (path === '') {
      if (op === 'remove') throw invalid('noTarget', ScimMessages.patchValue('a remove without a path'));
      const value = operation.value as Record<string, unknown> | null;
      if (!value || typeof value !== 'object' || Array.isArray(value))
        throw invalid('invalidValue', ScimMessages.patchValue('a value without a path'));
      for (const [key, part] of Object.entries(value)) {
        const attribute = key.toLowerCase();
        if (attribute === 'displayname') keepName(part);
        else if (attribute === 'members') actions.push({ kind: op, ids: memberIds(part) });
        else if (attribute !== 'id' && attribute !== 'externalid' && attribute !== 'schemas')
          throw invalid('invalidPath', ScimMessages.membersPath(key));
      }
      continue;
    }
    const attribute = path.toLowerCase().replace(/\s+/g, ' ');
    if (attribute === 'displayname') {
      if (op === 'remove') throw invalid('mutability', ScimMessages.groupsFixed);
      keepName(operation.value);
    } else if (attribute === 'members') {
      actions.push({
        kind: op === 'remove' && operation.value === undefined ? 'replace' : op,
        ids: memberIds(operation.value),
      });
    } else {
      const member = memberOfPath(attribute, path);
      if (member === null || op !== 'remove') throw invalid('invalidPath', ScimMessages.membersPath(path));
      actions.push({ kind: 'remove', ids: [member] });
    }
  }
  return actions;
}

/** The members after the actions, from the members before (ids as strings, in order, each once). */
export function applyMemberActions(
  before: readonly string[],
  actions: readonly ScimMemberAction[],
): string[] {
  let members = [...before];
  for (const action of actions) {
    if (action.kind === 'replace') members = [...action.ids];
    else if (action.kind === 'add') members = [...members, ...action.ids];
    else members = members.filter((id) => !action.ids.includes(id));
  }
  return [...new Set(members)];
}

/** The role's name as a group (for the person's `groups` in a User resource). */
export const scimGroupOfRole = (role: Role): ScimGroup => ({
  id: role,
  displayName: roleDescription(role).label,
  bit: roleDescription(role).bit,
});
