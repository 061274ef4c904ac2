// The exact user-facing strings of docs/spec.md (sections 4, 5, 6, 8). Typos are part of the contract
// ('Ofline', 'vaild', 'licenese', the double space in the delete failure) and must not be fixed.
export const Messages = {
  // Section 2 / 8: screens and banners
  noSubscriptionSelected: 'No Subscription Selected',
  gatheringUsageData: 'Gathering usage data, this can take a few minutes...',
  emailVerified: 'Email Successfully Verified',
  mayNowLogIn: 'You may now log into your account.',
  multipleOrganizations:
    'Your email is associated with more than one organization. Please choose the organization you would like to login to.',
  internetExplorer:
    'We do not maintain support for Internet Explorer. Please use one of our supported browsers: Chrome, Firefox, Edge.',
  managerKeysWarning:
    'The licenese keys below will not work for your Manager server. Please fill in the offline license data to get a license to use for Manager.',
  flushKeysConfirm: 'Are you sure you want to flush this key from all servers licensed under this key?',
  grandfatheredSuffix: '(Grandfathered)',

  // Section 8: success
  offlineLicenseGenerated: 'Offline license generated successfully.',
  keyFlushed: 'Key successfully flushed',
  keyNotFlushed: 'Key was not flushed',
  userDeleted: 'User deleted successfully.',
  userUpdated: 'User updated successfully.',
  userCreated: 'User created successfully',
  subscriptionPurchased: 'Subscription purchased successfully',
  billingInfoUpdated: 'Billing information updated successfully',

  // Section 8: failures
  deleteUserEmailMismatch: "Failed to delete user.  Email didn't match",
  forgotPasswordEmailRequired: 'Email is required.',
  eulaRequired: 'You must agree to the terms of service before purchasing this subscription.',

  // Section 5: forms
  firstNameRequired: 'First Name is required',
  lastNameRequiredAccount: 'Last Name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Must be a valid email.',
  emailInvalidAccount: 'Enter a vaild email address',
  passwordRequired: 'Password is required',
  passwordMinLengthAccount: 'Password must be at least 8 characters long',
  passwordMismatch: 'Password does not match',
  orgNameRequired: 'Organization Name is required',
  addr1Required: 'Address 1 is required',
  cityRequired: 'City is required',
  countryRequired: 'Country is required',
  postalCodeRequired: 'Postal Code is required',
  nameRequired: 'Name is required',
  cardNumberRequired: 'Card Number is required',
  cvcRequired: 'CVC is required',
  expirationDateRequired: 'Expiration Date is required',

  // Not in the spec; chosen to match the spec's wording for the same kind of rule.
  stateRequired: 'State is required',
  subscriptionNameRequired: 'Subscription Name is required',
  pricingPlanRequired: 'Pricing Plan is required',
  billingCycleRequired: 'Billing Cycle is required',
  organizationRequired: 'Organization is required',
  maxOveragesRequired: 'Max Overages is required',
  enginesMinimum: 'Number Of Engines must be at least 1',
  hostRequired: 'Host name is required',

  cancelledSuccessfully: (name: string) => `${name} has been cancelled successfully.`,
  somethingWentWrong: (message: string) => `Something went wrong: ${message}`,
  httpFailure: (url: string, status: number, statusText: string) =>
    `Http failure response for ${url}: ${status} ${statusText}`,
  belongsTo: (owner: string) => `This subscription belongs to ${owner}`,
  /** A sub-account's secrets stay with it: its parent sees neither the key nor the offline file. */
  licenseKeyShownTo: (owner: string) => `The license key is shown to ${owner} only.`,
  passwordMinLength: (n: number) => `Password must be at least ${n} characters`,
  invalidBillingPeriod: (mode: unknown) => `Invalid Argument: ${String(mode)} is not a valid billing period.`,
  usersTitle: (companyName: string) => `${companyName} Users`,
} as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
