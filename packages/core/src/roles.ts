import { hasRight, Rights } from './schemas/entities';

/**
 * The roles an organization's administrator gives its people (docs/design.md §5a, docs/decisions/033):
 * each is one bit of the person's `rights`, and a route that needs one names it in the API document
 * (`x-required-right`). A person with none of them is a plain user: subscriptions, usage and their
 * own account.
 */
export const ROLE_NAMES = ['admin', 'billing', 'licenses', 'developer'] as const;
export type Role = (typeof ROLE_NAMES)[number];

export interface RoleDescription {
  role: Role;
  bit: Rights;
  /** The role's name on screen and in a refusal. */
  label: string;
  /** What the role allows, in one sentence, beside its checkbox on the Users screen. */
  allows: string;
}

export const ROLES: readonly RoleDescription[] = [
  {
    role: 'admin',
    bit: Rights.Admin,
    label: 'Administrator',
    allows:
      "Everything the other roles allow, and the organization's users, their roles, its two-factor policy and its Activity log.",
  },
  {
    role: 'billing',
    bit: Rights.Billing,
    label: 'Billing',
    allows:
      'Billing information, billing history and invoices, paying bills, buying from the store and cancelling subscriptions.',
  },
  {
    role: 'licenses',
    bit: Rights.Licenses,
    label: 'Licenses',
    allows: 'Editing subscriptions, license keys and Flush Keys, machines and offline licenses.',
  },
  {
    role: 'developer',
    bit: Rights.Developer,
    label: 'Developer',
    allows: 'API tokens, webhooks and usage export.',
  },
];

const byRole = new Map(ROLES.map((r) => [r.role, r]));

export const roleDescription = (role: Role): RoleDescription => byRole.get(role) as RoleDescription;

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && byRole.has(value as Role);

/** Whether the person may do what the role allows (an administrator may do everything). */
export const hasRole = (person: { rights: number }, role: Role): boolean =>
  hasRight(person, roleDescription(role).bit);

/** The roles a person holds, by their own bits (an administrator's implied ones are not listed). */
export const rolesOf = (person: { rights: number }): Role[] =>
  ROLES.filter((r) => (person.rights & r.bit) === r.bit).map((r) => r.role);

/** Rights holding exactly these roles on top of `base`'s other bits (the user bit, the operator's). */
export const rightsWithRoles = (base: number, roles: readonly Role[]): number =>
  ROLES.reduce((rights, r) => (roles.includes(r.role) ? rights | r.bit : rights & ~r.bit), base);

/** A person's roles in words, as the Users screen lists them: 'User' for none. */
export const rolesText = (person: { rights: number }): string => {
  const held = rolesOf(person);
  return held.length === 0 ? 'User' : held.map((role) => roleDescription(role).label).join(', ');
};

export const RoleMessages = {
  /** The 403 of a route whose right the caller lacks: names the role, and who can give it. */
  required: (role: Role) =>
    `This needs the ${roleDescription(role).label} role. Ask an administrator of your organization.`,
  /** The Users screen's heading of the roles column and the Account screen's group. */
  rolesLabel: 'Roles',
  /** What a person with no role may do, under the checkboxes. */
  plainUser: 'Without a role, a user sees subscriptions and usage, and their own account.',
  rolesOf: (name: string) => `Roles of ${name}`,
  saved: (name: string) => `Roles saved for ${name}.`,
  /** A screen typed into the address bar by a person without its role: the title and the sentence. */
  neededTitle: (role: Role) =>
    role === 'admin' ? 'Administrators only' : `The ${roleDescription(role).label} role is needed`,
  needed: (role: Role, companyName: string, task: string) =>
    role === 'admin'
      ? `Only administrators of ${companyName} can ${task}.`
      : `Only people of ${companyName} with the ${roleDescription(role).label} role can ${task}.`,
} as const;
