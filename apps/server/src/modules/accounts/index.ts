// The public entry of the accounts module: other modules and the composition import only this file
// (docs/ARCHITECTURE.md, "Modules"); everything else in the folder is the module's own.
export { accountsRoutes } from './accounts.routes';
export { createAccountsService } from './accounts.service';
export { createBackgroundTasks } from './background';
export { createLinksService, type LinksService } from './links.service';
export { createOperatorsService, type OperatorsService, STORE_ORGANIZATION_NAME } from './operators';
export {
  type CustomerOrganization,
  createOrganizationsService,
  type NewCustomerOrganization,
  type OrganizationsService,
} from './organizations.service';
export { createPasswordResetService } from './password-reset.service';
export { createPersonsService } from './persons.service';
export {
  createProvisionedPersonsService,
  type PersonLookup,
  type ProvisionedPerson,
  type ProvisionedPersonsService,
} from './provisioned-persons.service';
