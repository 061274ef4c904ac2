import type { AuditKind } from '@store/core';

type Row = Record<string, unknown>;

/**
 * The fields of each subject an audit entry may show, by the kind's subject (docs/decisions/017).
 * An allow-list, not a deny-list: a column added later stays out of the log until named here, so a
 * password hash, a token, a two-factor secret, a gateway id or card data beyond brand and last four
 * digits can never reach it.
 */
const SHOWN: Record<string, readonly string[]> = {
  organization: [
    'companyName',
    'parentOrganizationId',
    'discountBp',
    'allowMonthly',
    'isPerpetualAccount',
    'billedByInvoice',
    'paymentTermsDays',
    'addr1',
    'addr2',
    'city',
    'state',
    'country',
    'zip',
    'adminsRequireTwoFactor',
    'taxId',
  ],
  person: [
    'firstName',
    'lastName',
    'email',
    'phone',
    'rights',
    'emailVerified',
    'twoFactorEnabled',
    'deactivatedAt',
    'externalId',
  ],
  'billing-info': [
    'billingName',
    'billingCompany',
    'billingAddr1',
    'billingAddr2',
    'billingCity',
    'billingState',
    'billingCountry',
    'billingZip',
    'cardBrand',
    'cardLastFour',
    'taxId',
  ],
  subscription: [
    'pricingPlanId',
    'description',
    'maxAdditionalMonthlyChargeCents',
    'xtraAutoTags',
    'numberMachines',
    'billingMode',
    'isActive',
    'deactivateDate',
    'nextBaseBillingDate',
    'isPerpetualLicense',
    'isOfflineEnabled',
    'allowOffline',
    'offlineReissuesAllowed',
    'offlineEngineHosts',
    'offlineAutoTagHosts',
    'pendingPricingPlanId',
    'pendingXtraAutoTags',
    'pendingNumberMachines',
  ],
  bill: [
    'kind',
    'status',
    'totalCents',
    'billingDate',
    'dueDate',
    'paidAt',
    'paidReference',
    'failureMessage',
    'closedReason',
  ],
  // Never the gateway's refund id or the request's key: the credit note names the refund.
  // Never the token nor its hash: its start is what the list shows (docs/decisions/026).
  'api-token': ['name', 'scopes', 'start', 'expiresAt', 'revokedAt'],
  // Never the secret: a roll shows as the time the old one stops signing (docs/decisions/027).
  webhook: ['url', 'events', 'description', 'enabled', 'previousSecretUntil'],
  refund: [
    'amountCents',
    'reason',
    'offlineMethod',
    'endSubscription',
    'status',
    'creditNoteNumber',
    'failureMessage',
  ],
  plan: [
    'product',
    'planName',
    'description',
    'monthlyFeeCents',
    'isAvailable',
    'isChargePerReport',
    'isBatchMode',
    'baseRtus',
    'overagePerRtuMicros',
    'numRtusPerReport',
    'numPagesInBaseReportCharge',
    'numPagesPerRtu',
    'numAutoTags',
    'xtraAutoTagPerMonthCents',
    'allowXtraAutoTag',
    'numberCores',
    'numberThreads',
    'maxReportsDay',
    'heartbeatWindowDays',
    'seatModel',
    'leaseMinutes',
    'borrowDays',
    'entitlements',
  ],
  product: ['product', 'name', 'title', 'description', 'isAvailable', 'eula'],
  // Never the client secret, the certificates, or anything of an assertion (docs/decisions/037).
  sso: [
    'kind',
    'issuer',
    'clientId',
    'samlSsoUrl',
    'samlMetadataUrl',
    'enforced',
    'defaultRole',
    'email',
    'refusal',
  ],
  'sso-domain': ['domain', 'verifiedBy'],
  promotion: [
    'code',
    'percentBp',
    'amountOffCents',
    'durationCycles',
    'planIds',
    'expiresAt',
    'maxRedemptions',
    'oncePerOrganization',
    'deactivatedAt',
  ],
  // Never the usage key, the nonce or the file itself: the machine it binds and how long it holds.
  'offline-activation': ['kind', 'hostname', 'fingerprint', 'expiresAt', 'releasedAt'],
  'usage-file': ['hostname', 'accepted', 'duplicates', 'pages'],
  dunning: ['retryDays', 'remindAtDecline', 'remindDaysBefore'],
  'billing-run': [
    'ended',
    'unpaid',
    'deactivated',
    'renewed',
    'overageBilled',
    'invoiced',
    'chargeAttempts',
    'paid',
    'declined',
    'unknown',
    'recovered',
  ],
};

export const subjectOf = (kind: AuditKind) => kind.split('.')[0] ?? kind;

function json(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** The shown fields of a row, Dates as ISO strings; null for no row (a creation's before). */
export function snapshot(kind: AuditKind, row: Row | null | undefined): Row | null {
  if (!row) return null;
  const out: Row = {};
  for (const field of SHOWN[subjectOf(kind)] ?? []) {
    if (field in row) out[field] = json(row[field]);
  }
  return out;
}

/**
 * Before and after as the fields that changed (a creation or deletion keeps the whole snapshot). A
 * new password shows as changed, never as a value.
 */
export function changes(kind: AuditKind, before: Row | null | undefined, after: Row | null | undefined) {
  const b = snapshot(kind, before);
  const a = snapshot(kind, after);
  if (!b || !a) return { before: b, after: a };
  const changedBefore: Row = {};
  const changedAfter: Row = {};
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (JSON.stringify(b[field]) === JSON.stringify(a[field])) continue;
    changedBefore[field] = b[field] ?? null;
    changedAfter[field] = a[field] ?? null;
  }
  if (before?.passwordHash !== undefined && before.passwordHash !== after?.passwordHash) {
    changedBefore.password = 'unchanged';
    changedAfter.password = 'changed';
  }
  return { before: changedBefore, after: changedAfter };
}
