export { useResetRequestCheck } from './api/check-reset-request';
export { countryCodesQueryOptions, useCountryCodes } from './api/get-country-codes';
export { useRegisterOrganization } from './api/register-organization';
export { useRequestPasswordReset } from './api/request-password-reset';
export { useResetPassword } from './api/reset-password';
export { useVerifyEmail } from './api/verify-email';
export { UserInfoFields } from './components/user-info-fields';
