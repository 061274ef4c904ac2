import { z } from 'zod/mini';
import { idParam, intField } from '../schemas/common';
import { PersonSchema } from '../schemas/entities';
import { MAX_SEATS } from '../schemas/purchase';
import { OpsPlanBodySchema, OpsPlanSavedSchema } from './catalog';
import { OpsSubscriptionRowSchema } from './organizations';

// What the operator does to a customer's subscriptions and users from the organization's page, and to
// a plan's subscribers from the catalogue (docs/decisions/031). The texts are the console's; each action
// is done by the module that owns its table, with the same rules as the customer's own.

/** The longest extension of a period the console grants in one step: a year. */
export const MAX_EXTENSION_DAYS = 366;

export const OpsSubscriptionParamsSchema = z.object({
  organizationId: idParam('Organization id'),
  subscriptionId: idParam('Subscription id'),
});
export const OpsOrganizationPersonParamsSchema = z.object({
  organizationId: idParam('Organization id'),
  personId: idParam('Person id'),
});

/** POST …/subscriptions/:subscriptionId/cancel: now, or at the end of the paid period as the customer's own. */
export const OpsCancelSubscriptionBodySchema = z.object({
  when: z.enum(['now', 'periodEnd'], { error: "when must be 'now' or 'periodEnd'" }),
});
export type OpsCancelSubscriptionBody = z.infer<typeof OpsCancelSubscriptionBodySchema>;

/** The terms that move the price, as the customer's editor sends them, with the version the console read. */
export const OpsSubscriptionChangeBodySchema = z.object({
  pricingPlanId: intField('Plan', 1),
  numberMachines: intField('Number of engines', 0, MAX_SEATS),
  xtraAutoTags: intField('Additional designers', 0, MAX_SEATS),
  version: intField('version', 0, 2_147_483_647),
});
export type OpsSubscriptionChangeBody = z.infer<typeof OpsSubscriptionChangeBodySchema>;

/** What a change costs, by core's quoteSubscriptionChange, before the operator confirms it. */
export const OpsSubscriptionChangeQuoteSchema = z.object({
  applies: z.enum(['now', 'atRenewal', 'unchanged']),
  prorationCents: z.number().check(z.int()),
  /** Charged to the card now (else invoiced, or under the gateway's minimum and applied free). */
  chargeNow: z.boolean(),
  billedByInvoice: z.boolean(),
  /** The end of the paid period the proration runs to, or the renewal a lower fee waits for. */
  periodEnd: z.nullable(z.string()),
  /** The quote in the console's words, as the confirmation says it. */
  message: z.string(),
});
export type OpsSubscriptionChangeQuote = z.infer<typeof OpsSubscriptionChangeQuoteSchema>;

/** POST …/extend: the paid period runs this many days longer, at no charge. */
export const OpsExtendSubscriptionBodySchema = z.object({
  days: intField('Days', 1, MAX_EXTENSION_DAYS),
});
export type OpsExtendSubscriptionBody = z.infer<typeof OpsExtendSubscriptionBodySchema>;

/** Every subscription action answers the row as it is now and a sentence of what was done. */
export const OpsSubscriptionActionAnswerSchema = z.object({
  subscription: OpsSubscriptionRowSchema,
  message: z.string(),
});
export type OpsSubscriptionActionAnswer = z.infer<typeof OpsSubscriptionActionAnswerSchema>;

/** Every person action answers the person as they are now (none once removed) and a sentence. */
export const OpsPersonActionAnswerSchema = z.object({
  person: z.nullable(PersonSchema),
  message: z.string(),
});
export type OpsPersonActionAnswer = z.infer<typeof OpsPersonActionAnswerSchema>;

/** POST /api/ops/plans/:planId/subscribers/move: a retired plan's subscribers onto another plan. */
export const OpsMoveSubscribersBodySchema = z.object({ toPlanId: intField('Plan to move to', 1) });
export const OpsMoveSubscribersAnswerSchema = z.object({
  moved: z.number().check(z.int()),
  organizationsNotified: z.number().check(z.int()),
  message: z.string(),
});
export type OpsMoveSubscribersAnswer = z.infer<typeof OpsMoveSubscribersAnswerSchema>;

/**
 * What becomes of a plan's subscribers when its price changes: they keep the price they have (they
 * move to a retired copy of the plan at that price), or they are told of the new one, which reaches
 * them at their next renewal.
 */
export const EXISTING_SUBSCRIBERS = ['keep', 'notify'] as const;
export type ExistingSubscribers = (typeof EXISTING_SUBSCRIBERS)[number];

/** PUT /api/ops/plans/:planId: the plan's fields, and the choice for its subscribers when a price changes. */
export const OpsPlanUpdateBodySchema = z.extend(OpsPlanBodySchema, {
  existingSubscribers: z.optional(
    z.enum(EXISTING_SUBSCRIBERS, { error: "existingSubscribers must be 'keep' or 'notify'" }),
  ),
});
export type OpsPlanUpdateBody = z.infer<typeof OpsPlanUpdateBodySchema>;
export const OpsPlanUpdateAnswerSchema = z.extend(OpsPlanSavedSchema, {
  /** What became of the subscribers, when the price changed. */
  message: z.optional(z.string()),
});

/** The refusals and the sentences of what was done, in the console's words. */
export const OpsActionMessages = {
  subscriptionNotFound: (id: number, customer: string) => `${customer} has no subscription ${id}.`,
  personNotInOrganization: (id: number, customer: string) => `${customer} has no user ${id}.`,
  cancelledAtPeriodEnd: (name: string, date: string) =>
    `'${name}' is cancelled: it runs until ${date} and does not renew.`,
  cancelledNow: (name: string) => `'${name}' is cancelled and ended now: its license no longer validates.`,
  neverRenews: (name: string) => `'${name}' is not billed by period, so it has no period to extend.`,
  changedNow: (name: string, amount: string) =>
    `'${name}' changed now; ${amount} was billed for the rest of its period.`,
  changedFree: (name: string) => `'${name}' changed now, with nothing to bill.`,
  changedAtRenewal: (name: string, date: string) => `'${name}' changes at its renewal on ${date}.`,
  changeAwaitsBank: (name: string) =>
    `The customer's bank asks them to authenticate the charge: '${name}' changes once they do, from Pay Bills.`,
  unchanged: 'These are the terms the subscription has; nothing to change.',
  extended: (name: string, days: number, date: string) =>
    `'${name}' runs ${days} day${days === 1 ? '' : 's'} longer, at no charge: it now renews on ${date}.`,
  quoteNow: (amount: string, date: string, how: string) =>
    `The change applies now: ${amount} for the rest of the period to ${date}, ${how}.`,
  quoteFree: (date: string) =>
    `The change applies now, with nothing to bill for the rest of the period to ${date}.`,
  quoteAtRenewal: (date: string) =>
    `The fee is not higher: the change waits for the renewal on ${date}, with nothing billed now.`,
  quoteNoRenewal: 'The fee is not higher: the change waits for the next renewal, with nothing billed now.',
  chargedToCard: 'charged to the card on file',
  invoiced: 'invoiced with the usual terms',
  underMinimum: 'not charged (under the card processor’s minimum)',
  twoFactorReset: (name: string) =>
    `${name}'s two-factor sign-in is reset: they set it up again at their next sign-in.`,
  twoFactorNotOn: (name: string) => `${name} has no two-factor sign-in to reset.`,
  demoted: (name: string) => `${name} is now a user, no longer an administrator.`,
  notAdmin: (name: string) => `${name} is not an administrator.`,
  removed: (name: string, customer: string) => `${name} was removed from ${customer}.`,
  lastAdminDemote: (name: string, customer: string) =>
    `${name} is the only administrator of ${customer}: make another user an administrator first.`,
  lastAdminRemove: (name: string, customer: string) =>
    `${name} is the only administrator of ${customer}: make another user an administrator before removing them.`,
  operatorPerson: 'Store operators are managed with the operator tool, not from a customer’s page.',
  planNotRetired: (plan: string) =>
    `'${plan}' is still for sale: only a retired plan's subscribers are moved. Make it unavailable first.`,
  samePlan: 'Choose another plan to move the subscribers to.',
  otherProduct: (plan: string) =>
    `'${plan}' is a plan of another product; subscribers move within their product.`,
  targetRetired: (plan: string) => `'${plan}' is not for sale; move subscribers to a plan that is.`,
  moved: (count: number, from: string, to: string, organizations: number) =>
    count === 0
      ? `'${from}' has no subscriptions that renew; nobody was moved.`
      : `${count} subscription${count === 1 ? '' : 's'} of '${from}' move to '${to}' at their next renewal; the administrators of ${organizations} organization${organizations === 1 ? ' were' : 's were'} mailed.`,
  choosePriceOutcome: (count: number) =>
    `existingSubscribers: the price changes for ${count} subscription${count === 1 ? '' : 's'}; say whether they keep their price ('keep') or are told of the new one ('notify').`,
  keptPrice: (count: number, plan: string) =>
    `${count} subscription${count === 1 ? '' : 's'} keep${count === 1 ? 's' : ''} the price they have, on '${plan}' (retired).`,
  notified: (count: number, organizations: number) =>
    `${count} subscription${count === 1 ? '' : 's'} take${count === 1 ? 's' : ''} the new price at their next renewal; the administrators of ${organizations} organization${organizations === 1 ? ' were' : 's were'} mailed.`,
  keptPlanName: (plan: string, date: string) => `${plan} (price until ${date})`,
  recurringSubscriptions: (customer: string, count: number) =>
    `${customer} has ${count} subscription${count === 1 ? '' : 's'} that renew${count === 1 ? 's' : ''}: a perpetual account has none. Cancel ${count === 1 ? 'it' : 'them'} first.`,
} as const;

/** The confirmations of the organization page's actions, each naming the customer and the amount or date. */
export const OpsActionConfirmations = {
  cancelAtPeriodEnd: (name: string, customer: string, date: string) =>
    `Cancel '${name}' of ${customer} at the end of its paid period: it runs until ${date} and does not renew. Nothing is refunded.`,
  cancelNow: (name: string, customer: string) =>
    `Cancel '${name}' of ${customer} now: its license stops validating today. Nothing is refunded; refund its bill separately if owed.`,
  change: (name: string, customer: string, quote: string) => `Change '${name}' of ${customer}. ${quote}`,
  extend: (name: string, customer: string, days: number, date: string) =>
    `Extend '${name}' of ${customer} by ${days} day${days === 1 ? '' : 's'}, at no charge: it renews on ${date}.`,
  resetTwoFactor: (name: string, email: string, customer: string) =>
    `Reset the two-factor sign-in of ${name} (${email}) at ${customer}: their sessions end and they set it up again at their next sign-in.`,
  demote: (name: string, email: string, customer: string) =>
    `Make ${name} (${email}) a user of ${customer}: they can no longer buy, change billing or manage users.`,
  remove: (name: string, email: string, customer: string) =>
    `Remove ${name} (${email}) from ${customer}: they can no longer sign in there.`,
  moveSubscribers: (count: number, from: string, to: string) =>
    `Move ${count} subscription${count === 1 ? '' : 's'} of '${from}' to '${to}' at their next renewal, and mail their organizations' administrators.`,
} as const;
