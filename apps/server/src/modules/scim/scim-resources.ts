import { rolesOf, SCIM_BASE_PATH, type ScimGroup, ScimSchemas, scimGroupOfRole } from '@store/core';
import type { PersonRow } from '../../lib/auth-context';

// The SCIM resources (RFC 7643 §4) the store answers, from its persons and its roles.

/** Where the resources live: the store's public address and the protocol's path. */
export const scimBaseUrl = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}${SCIM_BASE_PATH}`;

/** A person as a SCIM User: userName is the e-mail; groups are the roles they hold themselves. */
export function toScimUser(person: PersonRow, baseUrl: string) {
  const formatted = `${person.firstName} ${person.lastName}`.trim();
  const created = person.createdAt.toISOString();
  return {
    schemas: [ScimSchemas.user],
    id: String(person.id),
    ...(person.externalId !== null ? { externalId: person.externalId } : {}),
    userName: person.email,
    name: { givenName: person.firstName, familyName: person.lastName, formatted },
    displayName: formatted || person.email,
    emails: [{ value: person.email, type: 'work', primary: true }],
    active: person.deactivatedAt === null,
    groups: rolesOf(person).map((role) => {
      const group = scimGroupOfRole(role);
      return { value: group.id, display: group.displayName, $ref: `${baseUrl}/Groups/${group.id}` };
    }),
    meta: {
      resourceType: 'User',
      created,
      // The store keeps no time of a person's last change; the Activity log holds each change.
      lastModified: person.deactivatedAt?.toISOString() ?? created,
      location: `${baseUrl}/Users/${person.id}`,
    },
  };
}

/** A role as a SCIM Group, with the persons holding its bit as members unless left out. */
export function toScimGroup(group: ScimGroup, members: PersonRow[] | null, baseUrl: string) {
  return {
    schemas: [ScimSchemas.group],
    id: group.id,
    displayName: group.displayName,
    ...(members
      ? {
          members: members.map((p) => ({
            value: String(p.id),
            display: p.email,
            $ref: `${baseUrl}/Users/${p.id}`,
          })),
        }
      : {}),
    meta: { resourceType: 'Group', location: `${baseUrl}/Groups/${group.id}` },
  };
}

/** RFC 7644 §3.4.2's ListResponse. */
export const listResponse = <T>(resources: T[], totalResults: number, startIndex: number) => ({
  schemas: [ScimSchemas.listResponse],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});
