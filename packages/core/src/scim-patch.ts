import { invalid, type ScimGroup, ScimMessages, scimAttribute, scimBoolean, scimGroupByName } from './scim';

// How a SCIM PATCH (RFC 7644 §3.5.2) is read, as Okta and Entra ID send it (docs/decisions/038).

/** A PATCH operation as RFC 7644 §3.5.2 sends it; the op in any letter case (Entra sends "Replace"). */
export interface ScimPatchOperation {
  op: string;
  path?: string;
  value?: unknown;
}

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
