export { authenticate, useAuthenticate } from './api/authenticate';
export { InternetExplorerWarning } from './components/ie-warning';
export { LoginForm } from './components/login-form';
