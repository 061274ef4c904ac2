export { ssoStartUrl, useSsoOffered } from './api/get-sso-offered';
export { useSsoSettings } from './api/get-sso-settings';
export { ClaimedDomains } from './components/claimed-domains';
export { SsoLanding, ssoLanding } from './components/sso-landing';
export { SsoSettingsForm } from './components/sso-settings-form';
