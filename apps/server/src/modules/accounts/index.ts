// The public entry of the accounts module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { accountsRoutes } from './accounts.routes';
export { deleteSpentTokens, issueToken } from './one-time-tokens';
export {
  createCustomerOrganization,
  findCustomerOrganization,
  type NewCustomerOrganization,
  promoteToAdmin,
  resendVerification,
  setOrganizationTerms,
} from './organization-terms';
