import {
  applyMemberActions,
  groupPatchActions,
  MAX_ID,
  SCIM_GROUPS,
  type ScimGroup,
  type ScimGroupBody,
  type ScimListQuery,
  ScimMessages,
  type ScimPatchOperation,
  ScimProblem,
  type ScimUserBody,
  ScimUserBodySchema,
  scimBoolean,
  scimGroupById,
  scimGroupByName,
  scimPage,
  userPatchChanges,
} from '@store/core';
import { z } from 'zod/mini';
import type { ProvisionedPerson, ProvisionedPersonsService } from '../accounts';
import { groupNameFilter, userLookup } from './scim-filter';
import { listResponse, toScimGroup, toScimUser } from './scim-resources';

type Deps = {
  persons: ProvisionedPersonsService;
  /** Where the resources live (scimBaseUrl): each resource names its own address. */
  baseUrl: string;
};

const userNotFound = () => new ScimProblem(404, null, ScimMessages.userNotFound);
const groupNotFound = () => new ScimProblem(404, null, ScimMessages.groupNotFound);

/** A person's id as SCIM sends it: digits naming an integer the database can hold, else no one. */
function personId(id: string): number | null {
  if (!/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n >= 1 && n <= MAX_ID ? n : null;
}

function activeOf(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  const active = scimBoolean(value);
  if (active === null) throw new ScimProblem(400, 'invalidValue', ScimMessages.notBoolean('active'));
  return active;
}

const isEmail = (value: string) => z.safeParse(ScimUserBodySchema.shape.userName, value).success;

/** What a POST or PUT body states of a person; the first name falls back to the address's local part. */
function statedPerson(body: ScimUserBody): ProvisionedPerson {
  const email = body.userName;
  return {
    email,
    firstName: body.name?.givenName ?? email.split('@')[0] ?? '',
    lastName: body.name?.familyName ?? '',
    externalId: body.externalId ?? null,
    active: activeOf(body.active) ?? true,
  };
}

/**
 * SCIM 2.0 for the organization the token belongs to (docs/decisions/038): Users are its persons,
 * Groups its roles. Every call names the organization; another organization's ids read as absent.
 */
export function createScimService({ persons, baseUrl }: Deps) {
  async function personOf(organizationId: number, id: string) {
    const n = personId(id);
    const person = n === null ? null : await persons.findPerson(organizationId, n);
    if (!person) throw userNotFound();
    return person;
  }

  function groupOf(id: string): ScimGroup {
    const group = scimGroupById(id);
    if (!group) throw groupNotFound();
    return group;
  }

  /** Member ids as the organization's person ids; an id naming none of them is refused. */
  async function memberIds(organizationId: number, ids: readonly string[]): Promise<number[]> {
    const found: number[] = [];
    for (const id of ids) {
      const n = personId(id);
      if (n === null || !(await persons.findPerson(organizationId, n)))
        throw new ScimProblem(400, 'invalidValue', ScimMessages.unknownMember(id));
      found.push(n);
    }
    return found;
  }

  async function groupResource(organizationId: number, group: ScimGroup, withMembers = true) {
    const members = withMembers ? await persons.membersOf(organizationId, group.bit) : null;
    return toScimGroup(group, members, baseUrl);
  }

  /** The group's members become `after` (ids as SCIM sends them). */
  async function setMembers(organizationId: number, group: ScimGroup, after: readonly string[]) {
    const before = (await persons.membersOf(organizationId, group.bit)).map((p) => String(p.id));
    const add = await memberIds(
      organizationId,
      after.filter((id) => !before.includes(id)),
    );
    const remove = before.filter((id) => !after.includes(id)).map(Number);
    if (add.length > 0 || remove.length > 0)
      await persons.changeRoleMembers(organizationId, group.bit, { add, remove });
  }

  return {
    async listUsers(organizationId: number, query: ScimListQuery) {
      const lookup = userLookup(query.filter);
      const page = scimPage(query.startIndex, query.count);
      const { total, rows } = await persons.findPersons(organizationId, lookup, page);
      return listResponse(
        rows.map((p) => toScimUser(p, baseUrl)),
        total,
        page.startIndex,
      );
    },

    async getUser(organizationId: number, id: string) {
      return toScimUser(await personOf(organizationId, id), baseUrl);
    },

    async createUser(organizationId: number, body: ScimUserBody) {
      return toScimUser(await persons.provisionPerson(organizationId, statedPerson(body)), baseUrl);
    },

    /** PUT: the body states the person; what it leaves out of the name stays as it was. */
    async replaceUser(organizationId: number, id: string, body: ScimUserBody) {
      const person = await personOf(organizationId, id);
      const active = activeOf(body.active);
      const updated = await persons.updateProvisionedPerson(organizationId, person.id, {
        email: body.userName,
        ...(body.name?.givenName !== undefined ? { firstName: body.name.givenName } : {}),
        ...(body.name?.familyName !== undefined ? { lastName: body.name.familyName } : {}),
        ...(body.externalId !== undefined ? { externalId: body.externalId } : {}),
        ...(active !== undefined ? { active } : {}),
      });
      return toScimUser(updated, baseUrl);
    },

    async patchUser(organizationId: number, id: string, operations: ScimPatchOperation[]) {
      const person = await personOf(organizationId, id);
      const changes = userPatchChanges(operations);
      if (changes.userName !== undefined && !isEmail(changes.userName))
        throw new ScimProblem(400, 'invalidValue', ScimMessages.userNameNotEmail);
      const updated = await persons.updateProvisionedPerson(organizationId, person.id, {
        ...(changes.userName !== undefined ? { email: changes.userName.trim() } : {}),
        ...(changes.givenName !== undefined ? { firstName: changes.givenName } : {}),
        ...(changes.familyName !== undefined ? { lastName: changes.familyName } : {}),
        ...(changes.externalId !== undefined ? { externalId: changes.externalId } : {}),
        ...(changes.active !== undefined ? { active: changes.active } : {}),
      });
      return toScimUser(updated, baseUrl);
    },

    async deleteUser(organizationId: number, id: string) {
      const person = await personOf(organizationId, id);
      await persons.deleteProvisionedPerson(organizationId, person.id);
    },

    /** Entra ID leaves the members out (excludedAttributes=members) when it only looks a group up. */
    async listGroups(organizationId: number, query: ScimListQuery, withMembers: boolean) {
      const name = groupNameFilter(query.filter);
      const matching = name === null ? SCIM_GROUPS : SCIM_GROUPS.filter((g) => g === scimGroupByName(name));
      const page = scimPage(query.startIndex, query.count);
      const shown = matching.slice(page.offset, page.offset + page.limit);
      const resources = [];
      for (const group of shown) resources.push(await groupResource(organizationId, group, withMembers));
      return listResponse(resources, matching.length, page.startIndex);
    },

    async getGroup(organizationId: number, id: string, withMembers: boolean) {
      return groupResource(organizationId, groupOf(id), withMembers);
    },

    /** The groups are fixed: a push of one of them is told to link to it; any other is refused. */
    async createGroup(body: ScimGroupBody): Promise<never> {
      const existing = scimGroupByName(body.displayName);
      if (existing) throw new ScimProblem(409, 'uniqueness', ScimMessages.groupExists(existing.displayName));
      throw new ScimProblem(400, 'mutability', ScimMessages.groupsFixed);
    },

    /** PUT: the members become the body's; the name must stay the group's own. */
    async replaceGroup(organizationId: number, id: string, body: ScimGroupBody) {
      const group = groupOf(id);
      if (scimGroupByName(body.displayName) !== group)
        throw new ScimProblem(400, 'mutability', ScimMessages.groupsFixed);
      await setMembers(
        organizationId,
        group,
        (body.members ?? []).map((m) => String(m.value)),
      );
      return groupResource(organizationId, group);
    },

    async patchGroup(organizationId: number, id: string, operations: ScimPatchOperation[]) {
      const group = groupOf(id);
      const actions = groupPatchActions(group, operations);
      const before = (await persons.membersOf(organizationId, group.bit)).map((p) => String(p.id));
      await setMembers(organizationId, group, applyMemberActions(before, actions));
      return groupResource(organizationId, group);
    },

    async deleteGroup(id: string): Promise<never> {
      groupOf(id);
      throw new ScimProblem(400, 'mutability', ScimMessages.groupsFixed);
    },
  };
}

export type ScimService = ReturnType<typeof createScimService>;
