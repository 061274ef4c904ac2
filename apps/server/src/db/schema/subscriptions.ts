import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pricingPlans } from './catalog';
import { requiredReference, serialId, timestamptz } from './columns';
import { organizations } from './organizations';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serialId(),
    organizationId: requiredReference('organization_id', () => organizations.id),
    pricingPlanId: integer('pricing_plan_id')
      .notNull()
      .references(() => pricingPlans.id),
    description: text('description').notNull(),
    maxAdditionalMonthlyChargeCents: integer('max_additional_monthly_charge_cents').notNull().default(0),
    xtraAutoTags: integer('xtra_auto_tags').notNull().default(0),
    numberMachines: integer('number_machines').notNull().default(0),
    billingMode: integer('billing_mode').notNull(),
    // The cycle discount is frozen at purchase (docs/design.md §2).
    billingModeDiscountBp: integer('billing_mode_discount_bp').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    deactivateDate: timestamptz('deactivate_date'),
    isPerpetualLicense: boolean('is_perpetual_license').notNull().default(false),
    isOfflineEnabled: boolean('is_offline_enabled').notNull().default(false),
    offlineLicenseKey: text('offline_license_key'),
    offlineAutoTagHosts: text('offline_auto_tag_hosts'),
    offlineEngineHosts: text('offline_engine_hosts'),
    offlineVolume: boolean('offline_volume').notNull().default(false),
    allowOffline: boolean('allow_offline').notNull().default(true),
    // Host changes of the offline file beyond one per period that the operator allowed (docs/design.md §5).
    offlineReissuesAllowed: integer('offline_reissues_allowed').notNull().default(0),
    apiKey1: text('api_key1').notNull().unique(),
    // The paid period runs from currentPeriodStart to nextBaseBillingDate.
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    nextBaseBillingDate: timestamptz('next_base_billing_date'),
    nextOverageBillingDate: timestamptz('next_overage_billing_date'),
    // Day of month renewals keep (clamped to the month's end).
    anchorDay: integer('anchor_day').notNull().default(1),
    annualUsageReset: boolean('annual_usage_reset').notNull().default(false),
    // Start of the 12-month usage year when annualUsageReset is set (billing, migration 0040).
    usageYearStart: timestamptz('usage_year_start'),
    accruedRtusThisMonth: bigint('accrued_rtus_this_month', { mode: 'number' }).notNull().default(0),
    billedRtusThisMonth: bigint('billed_rtus_this_month', { mode: 'number' }).notNull().default(0),
    overageChargesPaidThisMonthCents: integer('overage_charges_paid_this_month_cents').notNull().default(0),
    // Editor decreases wait for the next renewal (docs/design.md §3); the renewal applies and clears them.
    pendingPricingPlanId: integer('pending_pricing_plan_id').references(() => pricingPlans.id),
    pendingXtraAutoTags: integer('pending_xtra_auto_tags'),
    pendingNumberMachines: integer('pending_number_machines'),
    // Optimistic concurrency for the editor (a stale save is a 409).
    version: integer('version').notNull().default(1),
    // The promotion redemption it was bought with and the cycles discounted so far (migration 0240).
    promotionRedemptionId: integer('promotion_redemption_id'),
    promotionCyclesUsed: integer('promotion_cycles_used').notNull().default(0),
    // The end of its free trial, when bought as one (docs/decisions/043, migration 0250).
    trialEndsAt: timestamptz('trial_ends_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_org_idx').on(t.organizationId),
    index('subscriptions_due_idx').on(t.nextBaseBillingDate),
    index('subscriptions_overage_due_idx').on(t.nextOverageBillingDate),
    // Running trials only (migration 0250): the billing pass's and the trial notices' lookups.
    index('subscriptions_running_trials_idx')
      .on(t.trialEndsAt)
      .where(
        sql`${t.trialEndsAt} IS NOT NULL AND ${t.nextBaseBillingDate} = ${t.trialEndsAt} AND ${t.isActive} AND ${t.deactivateDate} IS NULL`,
      ),
  ],
);

export const perpetualLicenses = pgTable('perpetual_licenses', {
  id: serialId(),
  subscriptionId: integer('subscription_id')
    .notNull()
    .unique()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  version: text('version').notNull(),
  product: integer('product').notNull(),
  numMachines: integer('num_machines').notNull(),
  numCpus: integer('num_cpus').notNull(),
});

/**
 * A machine (engine or designer) activated against a license key, owned by licensing. It holds a
 * seat while seen within the heartbeat window (docs/design.md §5); Flush Keys deletes them all.
 */
export const machineActivations = pgTable(
  'machine_activations',
  {
    id: serialId(),
    subscriptionId: requiredReference('subscription_id', () => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    hostname: text('hostname').notNull(),
    activatedAt: timestamptz('activated_at').notNull(),
    // A heartbeat, an activation, or (at most hourly) a validation naming the machine (migration 0060).
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (t) => [
    uniqueIndex('machine_activations_unique').on(t.subscriptionId, t.kind, t.hostname),
    index('machine_activations_sub_kind_idx').on(t.subscriptionId, t.kind),
  ],
);

/**
 * A floating license's leases (docs/decisions/034, migration 0180): a seat is held while expires_at is in
 * the future. One row per fingerprint and license; a borrowed lease (borrowed_at) is held offline.
 */
export const leases = pgTable(
  'leases',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: requiredReference('subscription_id', () => subscriptions.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    hostname: text('hostname').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    renewedAt: timestamptz('renewed_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    borrowedAt: timestamptz('borrowed_at'),
  },
  // No index on expires_at, so a renewal rewrites the row in place (migration 0270).
  (t) => [uniqueIndex('leases_fingerprint_unique').on(t.subscriptionId, t.fingerprint)],
);

/**
 * Each offline license file Enable Offline issued (docs/design.md §5): its hosts, the hosts of the file it
 * replaced (null for the first), and the paid period it was issued in, which limits host changes.
 */
export const offlineLicenseIssues = pgTable(
  'offline_license_issues',
  {
    id: serialId(),
    subscriptionId: requiredReference('subscription_id', () => subscriptions.id, { onDelete: 'cascade' }),
    issuedAt: timestamptz('issued_at').notNull(),
    periodStart: timestamptz('period_start').notNull(),
    engineHosts: text('engine_hosts').notNull(),
    designerHosts: text('designer_hosts').notNull(),
    replacedEngineHosts: text('replaced_engine_hosts'),
    replacedDesignerHosts: text('replaced_designer_hosts'),
  },
  (t) => [index('offline_license_issues_subscription_idx').on(t.subscriptionId, t.periodStart)],
);

/**
 * Each cancellation by a customer (docs/decisions/035): the plan it was on and, when given, why;
 * read by the console's Cancellation reasons per month and plan.
 */
export const subscriptionCancellations = pgTable(
  'subscription_cancellations',
  {
    id: serialId(),
    subscriptionId: requiredReference('subscription_id', () => subscriptions.id, { onDelete: 'cascade' }),
    pricingPlanId: integer('pricing_plan_id')
      .notNull()
      .references(() => pricingPlans.id),
    cancelledAt: timestamptz('cancelled_at').notNull(),
    reason: text('reason'),
    comment: text('comment'),
  },
  (t) => [index('subscription_cancellations_cancelled_at_idx').on(t.cancelledAt)],
);
