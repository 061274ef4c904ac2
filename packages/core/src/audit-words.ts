import { billStatusText } from './bill-status';
import { billingCycle, isBillingMode } from './billing-cycle';
import { formatMediumDate } from './dates';
import { paymentTermsText } from './invoice-terms';
import { formatUsd } from './money';
import { ROLES } from './roles';
import { Rights } from './schemas/entities';

/**
 * How the Activity screen says what changed (docs/decisions/017): each field by the label the
 * screens give it (docs/spec.md §2, §3), each value in words. A field not named here is said in words of
 * its own name.
 */
export const AUDIT_FIELD_LABELS: Record<string, Record<string, string>> = {
  promotion: {
    code: 'Code',
    percentBp: 'Percent Off',
    amountOffCents: 'Amount Off',
    durationCycles: 'Cycles',
    planIds: 'Plans',
    expiresAt: 'Expires',
    maxRedemptions: 'Maximum Redemptions',
    oncePerOrganization: 'Once Per Organization',
    deactivatedAt: 'Deactivated',
  },
  dunning: {
    retryDays: 'Retry Days',
    remindAtDecline: 'Reminder At The Decline',
    remindDaysBefore: 'Reminder Days Before Deactivation',
  },
  subscription: {
    description: 'Name',
    pricingPlanId: 'Pricing Plan',
    maxAdditionalMonthlyChargeCents: 'Max Overages',
    xtraAutoTags: 'Additional Designers',
    numberMachines: 'Number Of Engines',
    billingMode: 'Billing Cycle',
    isActive: 'Active',
    deactivateDate: 'Cancelled',
    nextBaseBillingDate: 'Next Billing Date',
    isPerpetualLicense: 'Perpetual License',
    isOfflineEnabled: 'Offline Enabled',
    allowOffline: 'Offline Allowed',
    offlineReissuesAllowed: 'Offline Reissues Allowed',
    offlineEngineHosts: 'Engine Hosts',
    offlineAutoTagHosts: 'Designer Hosts',
    pendingPricingPlanId: 'Pricing Plan At Renewal',
    pendingXtraAutoTags: 'Additional Designers At Renewal',
    pendingNumberMachines: 'Number Of Engines At Renewal',
  },
  person: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    phone: 'Phone',
    rights: 'Rights',
    emailVerified: 'Email Verified',
    twoFactorEnabled: 'Two-Factor Sign-In',
    password: 'Password',
    deactivatedAt: 'Deactivated',
    externalId: 'Identity Provider Id',
  },
  organization: {
    companyName: 'Organization Name',
    parentOrganizationId: 'Parent Organization',
    discountBp: 'Discount',
    allowMonthly: 'Monthly Billing Allowed',
    isPerpetualAccount: 'Perpetual Account',
    billedByInvoice: 'Billed By Invoice',
    paymentTermsDays: 'Payment Terms',
    addr1: 'Address 1',
    addr2: 'Address 2',
    city: 'City',
    state: 'State',
    country: 'Country',
    zip: 'Postal Code',
    adminsRequireTwoFactor: 'Administrators Sign In With Two Factors',
    taxId: 'Tax / VAT ID',
  },
  'billing-info': {
    billingName: 'Name',
    billingCompany: 'Company',
    billingAddr1: 'Address 1',
    billingAddr2: 'Address 2',
    billingCity: 'City',
    billingState: 'State',
    billingCountry: 'Country',
    billingZip: 'Postal Code',
    cardBrand: 'Card',
    cardLastFour: 'Card Ending In',
    taxId: 'Tax / VAT ID',
  },
  bill: {
    kind: 'Kind',
    status: 'Status',
    totalCents: 'Bill Total',
    billingDate: 'Bill Date',
    dueDate: 'Due Date',
    paidAt: 'Paid',
    failureMessage: 'Reason',
    paidReference: 'Payment Reference',
    closedReason: 'Void / Write-Off Reason',
  },
  // The console's Refund form and its refunds table.
  refund: {
    amountCents: 'Refund Amount',
    reason: 'Reason',
    offlineMethod: 'How The Money Went Back',
    endSubscription: 'End The Subscription',
    status: 'Status',
    creditNoteNumber: 'Credit Note',
    failureMessage: 'Refused Because',
  },
  // The API & Webhooks screen's list (docs/decisions/026).
  'api-token': {
    name: 'Name',
    scopes: 'Scopes',
    start: 'Token',
    expiresAt: 'Expires',
    revokedAt: 'Revoked',
  },
  // The Single sign-on screen (docs/decisions/037); never a secret, a certificate or an assertion.
  sso: {
    kind: 'Protocol',
    issuer: 'Identity Provider',
    clientId: 'Client ID',
    samlSsoUrl: 'Sign-In URL',
    samlMetadataUrl: 'Metadata URL',
    enforced: 'Require Single Sign-On',
    defaultRole: 'Role Of People It Creates',
    email: 'Email',
    refusal: 'Refused Because',
  },
  'sso-domain': { domain: 'Domain', verifiedBy: 'Verified By' },
  // The License section's offline uploads (docs/decisions/040), in the words of their answers.
  'offline-activation': {
    kind: 'Kind',
    hostname: 'Host Name',
    fingerprint: 'Fingerprint',
    expiresAt: 'Expires',
    releasedAt: 'Released',
  },
  'usage-file': {
    hostname: 'Host Name',
    accepted: 'Reports Counted',
    duplicates: 'Reports Already Counted',
    pages: 'Pages',
  },
  // The API & Webhooks screen's endpoints (docs/decisions/027).
  webhook: {
    url: 'Endpoint',
    events: 'Events',
    description: 'Description',
    enabled: 'Enabled',
    previousSecretUntil: 'Old Secret Signs Until',
  },
};

/**
 * The rights bits a person may hold (docs/design.md §5a), by name: the customers' roles as the Users
 * screen names them, and the store operator's own bit.
 */
const RIGHT_NAMES: Array<[bit: number, name: string]> = [
  [Rights.User, 'User'],
  ...ROLES.map((r): [number, string] => [r.bit, r.label]),
  [Rights.Operator, 'Store operator'],
];

const fromWords = (field: string) => field.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

export const auditFieldLabel = (subject: string, field: string): string =>
  AUDIT_FIELD_LABELS[subject]?.[field] ?? fromWords(field);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;

/** Names of the records a field refers to by id (a pricing plan's name), field by field. */
export type AuditValueNames = Record<string, Record<string, string>>;

/**
 * A value as the screens would show it: money in dollars, codes by their names, dates as dates, a
 * referenced record by its name when `names` has it.
 */
export function auditValueText(
  subject: string,
  field: string,
  value: unknown,
  names: AuditValueNames = {},
): string {
  if (value === null || value === undefined || value === '') return '—';
  const named = names[field]?.[String(value)];
  if (named) return named;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (/Cents$/.test(field)) return formatUsd(value);
    if (field === 'discountBp' || field === 'percentBp') return `${value / 100}%`;
    if (field === 'paymentTermsDays') return paymentTermsText(value);
    if (field === 'billingMode' && isBillingMode(value)) return billingCycle(value).cycleName;
    if (subject === 'bill' && field === 'status') return billStatusText(value);
    if (field === 'rights') {
      const names = RIGHT_NAMES.filter(([bit]) => (value & bit) !== 0).map(([, name]) => name);
      return names.length > 0 ? names.join(', ') : 'None';
    }
  }
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatMediumDate(value);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * Subjects whose creation is said with its values: what a new bill, refund, person, API token or
 * promotion code starts with (its status, amount, rights, scopes, discount), which machine an offline
 * license file binds and what a usage file counted, is what a reader of the log looks for.
 */
const LISTED_WHEN_CREATED = new Set([
  'bill',
  'refund',
  'person',
  'api-token',
  'promotion',
  'offline-activation',
  'usage-file',
]);

/**
 * One Activity row's summary: the subject by name, then each changed field by its label with its
 * old and new value ("Production Engines: Name 'Production Engines' → 'Press Line A'"). A creation
 * of a bill, refund or person lists its values ("Bill 2026-000040: Status 'Invoiced'; Bill Total '$75.00'");
 * any other creation or deletion names the subject alone; the kind's label is said beside it.
 */
export function auditSummary(
  subject: string,
  name: string,
  change: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
  names: AuditValueNames = {},
): string {
  const { before, after } = change;
  if (!before && after && LISTED_WHEN_CREATED.has(subject)) {
    const values = Object.entries(after)
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(
        ([field, value]) =>
          `${auditFieldLabel(subject, field)} '${auditValueText(subject, field, value, names)}'`,
      );
    return values.length > 0 ? `${name}: ${values.join('; ')}` : name;
  }
  if (!before || !after) return name;
  const parts = Object.keys(after).map((field) => {
    const label = auditFieldLabel(subject, field);
    if (field === 'password') return `${label} changed`;
    return `${label} '${auditValueText(subject, field, before[field], names)}' → '${auditValueText(subject, field, after[field], names)}'`;
  });
  return parts.length > 0 ? `${name}: ${parts.join('; ')}` : name;
}
