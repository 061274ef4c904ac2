export {
  followPayBillsLink,
  type LoginResult,
  login,
  loginDemo,
  signIn,
  storedToken,
  xsrfToken,
} from './auth';
export { expectNoAxeViolations } from './axe';
export { DEMO_COMPANY, DEMO_EMAIL, DEMO_PASSWORD, DEMO_SUB_ACCOUNT } from './demo';
export { DEMO_OPERATOR_EMAIL, DEMO_OPERATOR_TOTP_SECRET, signInAsOperator } from './operator';
