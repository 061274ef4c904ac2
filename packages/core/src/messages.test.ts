import { describe, expect, it } from 'vitest';
import { Messages } from './messages';

describe('Messages', () => {
  it.each([
    [Messages.emailInvalidAccount, 'Enter a vaild email address'],
    [Messages.deleteUserEmailMismatch, "Failed to delete user.  Email didn't match"],
    [
      Messages.managerKeysWarning,
      'The licenese keys below will not work for your Manager server. Please fill in the offline license data to get a license to use for Manager.',
    ],
    [Messages.noSubscriptionSelected, 'No Subscription Selected'],
    [Messages.gatheringUsageData, 'Gathering usage data, this can take a few minutes...'],
    [
      Messages.multipleOrganizations,
      'Your email is associated with more than one organization. Please choose the organization you would like to login to.',
    ],
    [
      Messages.flushKeysConfirm,
      'Are you sure you want to flush this key from all servers licensed under this key?',
    ],
    [Messages.offlineLicenseGenerated, 'Offline license generated successfully.'],
    [Messages.keyFlushed, 'Key successfully flushed'],
    [Messages.keyNotFlushed, 'Key was not flushed'],
    [Messages.userDeleted, 'User deleted successfully.'],
    [Messages.userUpdated, 'User updated successfully.'],
    [Messages.userCreated, 'User created successfully'],
    [Messages.subscriptionPurchased, 'Subscription purchased successfully'],
    [Messages.billingInfoUpdated, 'Billing information updated successfully'],
    [Messages.forgotPasswordEmailRequired, 'Email is required.'],
    [Messages.eulaRequired, 'You must agree to the terms of service before purchasing this subscription.'],
    [Messages.firstNameRequired, 'First Name is required'],
    [Messages.lastNameRequiredAccount, 'Last Name is required'],
    [Messages.lastNameRequired, 'Last name is required'],
    [Messages.emailRequired, 'Email is required'],
    [Messages.emailInvalid, 'Must be a valid email.'],
    [Messages.passwordRequired, 'Password is required'],
    [Messages.passwordMinLengthAccount, 'Password must be at least 8 characters long'],
    [Messages.passwordMismatch, 'Password does not match'],
    [Messages.orgNameRequired, 'Organization Name is required'],
    [Messages.addr1Required, 'Address 1 is required'],
    [Messages.cityRequired, 'City is required'],
    [Messages.countryRequired, 'Country is required'],
    [Messages.postalCodeRequired, 'Postal Code is required'],
    [Messages.nameRequired, 'Name is required'],
    [Messages.cardNumberRequired, 'Card Number is required'],
    [Messages.cvcRequired, 'CVC is required'],
    [Messages.expirationDateRequired, 'Expiration Date is required'],
    [Messages.cancelledSuccessfully('My Sub'), 'My Sub has been cancelled successfully.'],
    [Messages.somethingWentWrong('card declined'), 'Something went wrong: card declined'],
    [
      Messages.httpFailure('/api/x', 500, 'Internal Server Error'),
      'Http failure response for /api/x: 500 Internal Server Error',
    ],
    [Messages.belongsTo('Acme Sub'), 'This subscription belongs to Acme Sub'],
    [Messages.licenseKeyShownTo('Acme Sub'), 'The license key is shown to Acme Sub only.'],
    [Messages.passwordMinLength(8), 'Password must be at least 8 characters'],
    [Messages.invalidBillingPeriod(7), 'Invalid Argument: 7 is not a valid billing period.'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
