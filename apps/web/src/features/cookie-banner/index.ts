export { COOKIE_CONSENT_NAME, CookieBanner } from './cookie-banner';
