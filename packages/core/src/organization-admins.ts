import { z } from 'zod/mini';

/**
 * GET /api/organization/admins: who can act for the organization. docs/design.md §2 lets only admins buy,
 * manage users and billing; a plain user is told whom to ask, so every signed-in user may read this.
 */
export const OrganizationAdminSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type OrganizationAdmin = z.infer<typeof OrganizationAdminSchema>;
export const OrganizationAdminsSchema = z.array(OrganizationAdminSchema);
