export { CodeForm } from './components/code-form';
export { ResetTwoFactor } from './components/reset-two-factor';
export { TwoFactorPanel } from './components/two-factor-panel';
export { TwoFactorPolicySwitch } from './components/two-factor-policy-switch';
