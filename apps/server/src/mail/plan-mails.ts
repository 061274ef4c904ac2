import { formatLongDate } from '@store/core';
import type { MailMessage } from './mailer';
import { compose } from './templates';

// The notices of a plan's change to the organizations that subscribe to it (docs/decisions/031), each
// to an organization's admins through the outbox, in the transaction of the change.

/** A subscription as a notice names it: its name and its next renewal, when it has one. */
export interface NoticeSubscription {
  description: string;
  renewsOn: Date | null;
}

const atRenewal = (s: NoticeSubscription) =>
  s.renewsOn ? `${s.description} (renews on ${formatLongDate(s.renewsOn)})` : s.description;

/** A retired plan's subscribers move to another plan of the product at their next renewal. */
export function planMoveMail(a: {
  to: string;
  fromPlan: string;
  toPlan: string;
  subscriptions: NoticeSubscription[];
}): MailMessage {
  return compose(a.to, `Your ${a.fromPlan} subscriptions move to ${a.toPlan}`, [
    `The ${a.fromPlan} plan is retired. At their next renewal these subscriptions continue on ${a.toPlan}: ${a.subscriptions.map(atRenewal).join('; ')}.`,
    'Until then nothing changes. To choose another plan or cancel before the renewal, open the subscription in the store.',
  ]);
}

/** A plan's new price, which reaches its subscribers at their next renewal. */
export function priceChangeMail(a: {
  to: string;
  plan: string;
  from: string;
  toPrice: string;
  subscriptions: NoticeSubscription[];
}): MailMessage {
  return compose(a.to, `New price of ${a.plan}`, [
    `The monthly fee of ${a.plan} changes from ${a.from} to ${a.toPrice}. Your subscriptions take it at their next renewal: ${a.subscriptions.map(atRenewal).join('; ')}.`,
    'The period already paid is not re-priced. To change or cancel a subscription before its renewal, open it in the store.',
  ]);
}
