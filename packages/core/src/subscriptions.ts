import { z } from 'zod/mini';
import { addMonthsClamped, formatLongDate, formatShortDate } from './dates';
import { PaymentAuthenticationSchema } from './payments';
import { canFlushKeys, isManagerPlan } from './products';
import { hasRole } from './roles';
import { PricingPlanSchema, SubscriptionSchema } from './schemas/entities';
import { isCancelled } from './subscription-state';

// The subscriptions screen, its editor and its actions, the licensing API and usage details.

/** Editor decreases wait for the next renewal (docs/design.md §3); what will then apply. */
export const PendingChangeSchema = z.object({
  pricingPlanId: z.number().check(z.int()),
  planName: z.string(),
  xtraAutoTags: z.number().check(z.int()),
  numberMachines: z.number().check(z.int()),
  effectiveDate: z.nullable(z.string()),
});
export type PendingChange = z.infer<typeof PendingChangeSchema>;

/**
 * GET /api/subscription/all and /api/subscription/{id}: the spec's subscription plus what the editor
 * needs to price and explain it without further calls (its plan, the paid period, the owner's discount).
 */
export const SubscriptionDetailSchema = z.extend(SubscriptionSchema, {
  plan: PricingPlanSchema,
  currentPeriodStart: z.nullable(z.string()),
  /** The owning organization's discount (a fraction), read at each charge. */
  organizationDiscount: z.number(),
  pendingChange: z.nullable(PendingChangeSchema),
  /**
   * A declined renewal or overage bill of it is still unpaid: the day it must be paid by, after which the
   * subscription is deactivated (docs/decisions/042). Absent when nothing is past due.
   */
  paymentDueBy: z.optional(z.string()),
  /**
   * The end of its free trial while it still runs as one (docs/decisions/043): the first period is
   * charged then. Absent once converted, or when bought without a trial.
   */
  trialEndsAt: z.optional(z.string()),
  /**
   * The promotion code it was bought with (docs/decisions/041): its terms and the discounted cycles
   * still to come (null: every cycle); absent or null without one.
   */
  promotion: z.optional(
    z.nullable(
      z.object({
        code: z.string(),
        description: z.string(),
        percentBp: z.nullable(z.number().check(z.int())),
        amountOffCents: z.nullable(z.number().check(z.int())),
        cyclesLeft: z.nullable(z.number().check(z.int())),
      }),
    ),
  ),
});
export type SubscriptionDetail = z.infer<typeof SubscriptionDetailSchema>;
export const SubscriptionDetailListSchema = z.array(SubscriptionDetailSchema);

/** PUT /api/subscription/{id}: the saved subscription and what was charged for an increase. */
export const SubscriptionSaveResultSchema = z.object({
  subscription: SubscriptionDetailSchema,
  chargedCents: z.number().check(z.int()),
  orderId: z.nullable(z.number().check(z.int())),
  /** True when (part of) the change waits for the next renewal. */
  pending: z.boolean(),
  /** The bank asks the customer to authenticate the prorated charge first (docs/decisions/024). */
  authentication: z.optional(PaymentAuthenticationSchema),
});
export type SubscriptionSaveResult = z.infer<typeof SubscriptionSaveResultSchema>;

export const SubAccountNameSchema = z.object({
  organizationId: z.number().check(z.int()),
  companyName: z.string(),
});

export const FlushKeysResultSchema = z.object({ flushed: z.number().check(z.int()) });

export const SubscriptionMessages = {
  staleVersion: 'This subscription was changed by someone else. Reload to see the latest values.',
  cancelledReadOnly: 'This subscription is cancelled and can no longer be changed.',
  offlineReadOnly: 'This subscription is enabled for offline use; its settings can no longer be changed.',
  perpetualFixed: "A perpetual license's plan, engines and designers cannot be changed.",
  perpetualNoCancel: 'A perpetual license cannot be cancelled.',
  planNotOffered: 'That plan is not offered for this product.',
  noExtraDesigners: 'This plan does not allow additional designers.',
  enginesOnlyForPro: 'Number of engines applies only to engine plans; it must be 0 for this plan.',
  maxOveragesBelowAccrued: (minimum: string) =>
    `Max overages cannot be lower than the overage already accrued this month (${minimum}).`,
  noPaymentMethod: 'Add billing information before increasing this subscription.',
  /** While an editor change's charge awaits the card processor's answer (docs/design.md §3). */
  changeBeingCharged:
    'A change to this subscription is being charged. Please wait a minute for it to complete, then reload.',
  /** The card processor did not answer an editor change's charge; the settle job finishes it. */
  changeChargePending:
    'We could not reach the card processor. Your change is pending: it is applied once the charge is confirmed, and it will not be charged twice.',
  cannotFlush: 'Keys of this plan cannot be flushed.',
  offlineNotAllowed: 'Offline licensing is not available for this subscription.',
  /** docs/design.md §3: no offline license file is issued while a bill of the subscription is unpaid. */
  offlineBillOutstanding:
    'A bill of this subscription is not paid yet. Pay it under Billing History, then enable offline use.',
  /** docs/design.md §5: the hosts of an offline license change once per billing period unless support allows more. */
  offlineReissueLimit:
    'The offline license of this subscription was already issued for other hosts in this billing period. Contact support to change its hosts again.',
  hostCount: (label: string, expected: number, got: number) =>
    `${label}: expected ${expected} host name${expected === 1 ? '' : 's'}, got ${got}`,
  duplicateHosts: (label: string) => `${label}: each host name must be different`,
  /** Shown after a cancel: access lasts until the end of the paid period ('MMMM dd, yyyy'). */
  accessUntil: (date: string | Date) => `You keep access until ${formatLongDate(date)}.`,
  /** The editor's note for a decrease that waits for the renewal. */
  pendingFrom: (date: string | Date | null) =>
    date
      ? `Takes effect at the next renewal on ${formatLongDate(date)}.`
      : 'Takes effect at the next renewal.',
  noOfflineLicense: 'This subscription has no offline license yet.',
  saved: 'Your changes were saved.',
  savedAndCharged: (amount: string) => `Your changes were saved. ${amount} was charged to your card today.`,
  savedPending: (date: string | Date | null) =>
    `Your changes were saved. ${date ? `Plan, engine and designer changes take effect at the next renewal on ${formatLongDate(date)}.` : 'Plan, engine and designer changes take effect at the next renewal.'}`,
  offlineEnabledNote:
    'Offline use is enabled: the plan, max overages, engines, designers and name are fixed while the offline license is in use.',
} as const;

/** Who is looking at a subscription, as far as the screen's actions are concerned: their organization and rights. */
export type Viewer = { organizationId: number; rights: number };

type ActionSubject = {
  organizationId: number;
  isActive: boolean;
  deactivateDate: string | Date | null;
  isPerpetualLicense: boolean;
  isOfflineEnabled: boolean;
  offlineVolume: boolean;
  allowOffline: boolean;
  plan: { product: number };
};

export type SubscriptionActions = {
  /** The subscription belongs to the viewer's own organization (not a sub-account). */
  owned: boolean;
  /** Name, plan, overages, engines and designers can be edited. */
  canEdit: boolean;
  /** Only the name can be edited (perpetual licenses: their terms are fixed). */
  canEditNameOnly: boolean;
  showCancel: boolean;
  showFlushKeys: boolean;
  /** Deactivate one machine: the rights of Flush Keys, for any plan (docs/design.md §5). */
  showDeactivateMachine: boolean;
  showOfflineForm: boolean;
  showOfflineDownload: boolean;
  showManagerWarning: boolean;
  showUsageButton: boolean;
  showUsageFigures: boolean;
};

/**
 * Which parts of the detail row show (docs/spec.md §2, §4, §6; decisions in docs/decisions/006):
 * - another organization's (a sub-account's) subscription is read-only, with no actions;
 * - plain users see; the Licenses role edits, flushes keys, deactivates machines and goes offline, the
 *   Billing role cancels (docs/design.md §5a; an administrator holds both);
 * - cancelled: nothing can be changed; offline enabled: plan, overages, machines, designers and name
 *   are read-only and the offline file can be downloaded;
 * - perpetual: no cancel, no usage (it is not usage-billed), only the name is editable;
 * - Flush Keys: Pro keys only (canFlushKeys), and not once the license moved offline;
 * - Deactivate (one machine): whoever may flush keys, for every plan's engines and designers;
 * - offlineVolume: an offline license that carries its own volume, so usage is not reported online
 *   and the usage figures and Detailed RTU Usage are hidden.
 */
/** Usage is shown (figures, meter) unless the license is perpetual or carries its own volume offline. */
export const showsUsageFigures = (
  sub: Pick<ActionSubject, 'isPerpetualLicense' | 'isOfflineEnabled' | 'offlineVolume'>,
) => !sub.isPerpetualLicense && !(sub.isOfflineEnabled && sub.offlineVolume);

export const subscriptionActions = (sub: ActionSubject, viewer: Viewer): SubscriptionActions => {
  const owned = sub.organizationId === viewer.organizationId;
  const cancelled = isCancelled(sub);
  const licenses = hasRole(viewer, 'licenses');
  const mayChange = owned && licenses && !cancelled;
  const mayCancel = owned && hasRole(viewer, 'billing') && !cancelled;
  const offline = sub.isOfflineEnabled;
  const volumeOffline = offline && sub.offlineVolume;
  return {
    owned,
    canEdit: mayChange && !offline && !sub.isPerpetualLicense,
    canEditNameOnly: mayChange && !offline && sub.isPerpetualLicense,
    showCancel: mayCancel && !sub.isPerpetualLicense,
    showFlushKeys: mayChange && !offline && canFlushKeys(sub.plan),
    showDeactivateMachine: mayChange,
    showOfflineForm: mayChange && !offline && sub.allowOffline,
    showOfflineDownload: owned && licenses && offline,
    showManagerWarning: isManagerPlan(sub.plan) && !offline,
    showUsageButton: owned && !sub.isPerpetualLicense && !volumeOffline,
    showUsageFigures: showsUsageFigures(sub),
  };
};

export type UsageDateRange = { start: Date; end: Date; label: string };

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * The 12 date ranges of the usage screen: the subscription's last 12 usage cycles, the newest being
 * the current one (it ends at the RTU cycle reset date, nextOverageBillingDate). Without a reset date
 * (perpetual, never billed) they are the 12 calendar months ending with the current one. Each range
 * is [start, end) in whole UTC days; the label reads 'MM-dd-yy - MM-dd-yy' (last day inclusive).
 */
export const usageDateRanges = (resetDate: Date | string | null, now: Date, count = 12): UsageDateRange[] => {
  let end: Date;
  let anchorDay: number;
  if (resetDate) {
    end = startOfUtcDay(new Date(resetDate));
    anchorDay = end.getUTCDate();
    // A reset date already passed (billing not yet run) still shows the cycle that contains today.
    while (end.getTime() <= startOfUtcDay(now).getTime()) end = addMonthsClamped(end, 1, anchorDay);
  } else {
    end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    anchorDay = 1;
  }
  const ranges: UsageDateRange[] = [];
  for (let i = count; i >= 1; i--) {
    const start = addMonthsClamped(end, -i, anchorDay);
    const rangeEnd = addMonthsClamped(end, -i + 1, anchorDay);
    const lastDay = new Date(rangeEnd.getTime() - 86_400_000);
    ranges.push({ start, end: rangeEnd, label: `${formatShortDate(start)} - ${formatShortDate(lastDay)}` });
  }
  return ranges;
};
