import { SCIM_MAX_COUNT, ScimSchemas } from '@store/core';

// The discovery resources (RFC 7643 §5–§7, RFC 7644 §4) Okta and Entra ID read before they provision:
// what the store supports, its two resource types and the attributes it keeps of each.

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [ScimSchemas.serviceProviderConfig],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Organization API token',
        description:
          'An organization API token (sk_org_…) with the scim scope, sent as Authorization: Bearer <token>.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

const resourceTypeOf = (baseUrl: string, id: 'User' | 'Group') => ({
  schemas: [ScimSchemas.resourceType],
  id,
  name: id,
  endpoint: `/${id}s`,
  description: id === 'User' ? "The organization's people" : "The store's roles, one group each",
  schema: id === 'User' ? ScimSchemas.user : ScimSchemas.group,
  meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${id}` },
});

export const resourceTypes = (baseUrl: string) => [
  resourceTypeOf(baseUrl, 'User'),
  resourceTypeOf(baseUrl, 'Group'),
];

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const userSchema = {
  id: ScimSchemas.user,
  name: 'User',
  description: 'A person of the organization; userName is the e-mail address they sign in with.',
  attributes: [
    attribute('userName', { required: true, uniqueness: 'server' }),
    attribute('name', {
      type: 'complex',
      subAttributes: [
        attribute('givenName'),
        attribute('familyName'),
        attribute('formatted', { mutability: 'readOnly' }),
      ],
    }),
    attribute('displayName', { mutability: 'readOnly' }),
    attribute('emails', {
      type: 'complex',
      multiValued: true,
      subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
    }),
    attribute('active', { type: 'boolean' }),
    attribute('groups', {
      type: 'complex',
      multiValued: true,
      mutability: 'readOnly',
      subAttributes: [
        attribute('value', { mutability: 'readOnly' }),
        attribute('display', { mutability: 'readOnly' }),
      ],
    }),
  ],
};

const groupSchema = {
  id: ScimSchemas.group,
  name: 'Group',
  description: "One of the store's roles (admin, billing, licenses, developer); its members hold the role.",
  attributes: [
    attribute('displayName', { required: true, mutability: 'readOnly', uniqueness: 'server' }),
    attribute('members', {
      type: 'complex',
      multiValued: true,
      subAttributes: [
        attribute('value', { mutability: 'immutable' }),
        attribute('display', { mutability: 'readOnly' }),
      ],
    }),
  ],
};

export const schemas = (baseUrl: string) =>
  [userSchema, groupSchema].map((schema) => ({
    schemas: [ScimSchemas.schema],
    ...schema,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${schema.id}` },
  }));
