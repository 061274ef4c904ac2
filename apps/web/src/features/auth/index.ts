export { authenticate, useAuthenticate } from './api/authenticate';
export { currentOrganizationQueryOptions, useCurrentOrganization } from './api/get-current-organization';
export { currentPersonQueryOptions, useCurrentPerson } from './api/get-current-person';
export { logout } from './api/logout';
export { InternetExplorerWarning } from './components/ie-warning';
export { LoginForm } from './components/login-form';
export { SessionSync } from './components/session-sync';
