export { organizationAdminsQueryOptions, useOrganizationAdmins } from './api/get-organization-admins';
export { AskAnAdmin } from './components/ask-an-admin';
