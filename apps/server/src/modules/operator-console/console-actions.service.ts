import {
  formatLongDate,
  formatUsd,
  OpsActionMessages,
  OpsMessages,
  type OpsPersonActionAnswer,
  type OpsPlanUpdateBody,
  type OpsSubscriptionActionAnswer,
  type OpsSubscriptionChangeBody,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx, Tx } from '../../db/client';
import type { PlanRow } from '../../db/schema';
import { badRequest, conflict } from '../../lib/domain-error';
import type { MailMessage } from '../../mail/mailer';
import { enqueueMails } from '../../mail/outbox';
import { type NoticeSubscription, planMoveMail, priceChangeMail } from '../../mail/plan-mails';
import type { OrganizationsService } from '../accounts';
import type { billingContacts } from '../bills';
import { type CatalogService, planFields, priceChanged } from '../catalog';
import { toPersonDto } from '../identity';
import type { Customer, OperatorSubscriptionsService, RenewingSubscription } from '../subscriptions';
import type { TwoFactorService } from '../two-factor';
import { organizationDetail } from './console-organizations.repository';

type Deps = Pick<AppDeps, 'db' | 'clock'> & {
  organizations: Pick<OrganizationsService, 'findCustomerOrganization' | 'demoteAdmin' | 'removePerson'>;
  twoFactor: Pick<TwoFactorService, 'resetForOperator'>;
  subscriptions: OperatorSubscriptionsService;
  catalog: Pick<CatalogService, 'findPlan' | 'findPlans' | 'createPlan' | 'updatePlan'>;
  contacts: typeof billingContacts;
};

const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/**
 * The organization page's actions on subscriptions and users, and the catalogue's on a plan's
 * subscribers (docs/decisions/031). Each goes to the module that owns what it changes, which audits it
 * in words under the operator's name; this service finds the customer, words the answer, and mails
 * the notices in the change's transaction.
 */
export function createConsoleActionsService({
  db,
  clock,
  organizations,
  twoFactor,
  subscriptions,
  catalog,
  contacts,
}: Deps) {
  async function customerOf(organizationId: number): Promise<Customer> {
    const org = await organizations.findCustomerOrganization(organizationId);
    return { organizationId: org.id, name: org.companyName };
  }

  /** The subscription's row on the organization page as it is now, with the sentence of what was done. */
  async function subscriptionAnswer(
    customer: Customer,
    id: number,
    message: string,
  ): Promise<OpsSubscriptionActionAnswer> {
    const detail = await organizationDetail(
      db,
      await organizations.findCustomerOrganization(customer.organizationId),
    );
    return { subscription: detail.subscriptions.find((s) => s.subscriptionId === id)!, message };
  }

  /** One mail per admin of each organization, naming that organization's subscriptions. */
  async function notify(
    tx: DbOrTx,
    affected: RenewingSubscription[],
    mail: (to: string, subs: NoticeSubscription[]) => MailMessage,
  ): Promise<number> {
    const byOrganization = new Map<number, RenewingSubscription[]>();
    for (const s of affected)
      byOrganization.set(s.organizationId, [...(byOrganization.get(s.organizationId) ?? []), s]);
    const mails: MailMessage[] = [];
    for (const [organizationId, subs] of byOrganization)
      for (const to of await contacts(tx, organizationId)) mails.push(mail(to, subs));
    await enqueueMails(tx, mails);
    return byOrganization.size;
  }

  async function planOrBadRequest(planId: number): Promise<PlanRow> {
    const found = (await catalog.findPlans([planId])).get(planId);
    if (!found) throw badRequest(OpsMessages.planNotFound(planId), 'toPlanId');
    return found.plan;
  }

  return {
    async cancelSubscription(organizationId: number, id: number, when: 'now' | 'periodEnd') {
      const customer = await customerOf(organizationId);
      const { name, ends } = await subscriptions.cancel(customer, id, when);
      const said =
        when === 'now'
          ? OpsActionMessages.cancelledNow(name)
          : OpsActionMessages.cancelledAtPeriodEnd(name, formatLongDate(ends));
      return subscriptionAnswer(customer, id, said);
    },

    async quoteChange(organizationId: number, id: number, terms: OpsSubscriptionChangeBody) {
      return subscriptions.quoteChange(await customerOf(organizationId), id, terms);
    },

    async changeSubscription(organizationId: number, id: number, terms: OpsSubscriptionChangeBody) {
      const customer = await customerOf(organizationId);
      const done = await subscriptions.change(customer, id, terms);
      const detail = await subscriptionAnswer(customer, id, '');
      const said =
        'authentication' in done
          ? OpsActionMessages.changeAwaitsBank(done.name)
          : done.pending
            ? OpsActionMessages.changedAtRenewal(
                done.name,
                detail.subscription.nextBillingDate
                  ? formatLongDate(detail.subscription.nextBillingDate)
                  : '',
              )
            : done.chargedCents > 0
              ? OpsActionMessages.changedNow(done.name, formatUsd(done.chargedCents))
              : OpsActionMessages.changedFree(done.name);
      return { ...detail, message: said };
    },

    async extendSubscription(organizationId: number, id: number, days: number) {
      const customer = await customerOf(organizationId);
      const { name, renewsOn } = await subscriptions.extend(customer, id, days);
      return subscriptionAnswer(
        customer,
        id,
        OpsActionMessages.extended(name, days, formatLongDate(renewsOn)),
      );
    },

    async resetTwoFactor(organizationId: number, personId: number): Promise<OpsPersonActionAnswer> {
      const customer = await customerOf(organizationId);
      const person = await twoFactor.resetForOperator(organizationId, personId, {
        missing: OpsActionMessages.personNotInOrganization(personId, customer.name),
        notOn: (p) => OpsActionMessages.twoFactorNotOn(personName(p)),
      });
      return { person: toPersonDto(person), message: OpsActionMessages.twoFactorReset(personName(person)) };
    },

    async demoteAdmin(organizationId: number, personId: number): Promise<OpsPersonActionAnswer> {
      await customerOf(organizationId);
      const person = await organizations.demoteAdmin(personId, organizationId);
      return { person: toPersonDto(person), message: OpsActionMessages.demoted(personName(person)) };
    },

    async removePerson(organizationId: number, personId: number): Promise<OpsPersonActionAnswer> {
      const customer = await customerOf(organizationId);
      const person = await organizations.removePerson(personId, organizationId);
      return { person: null, message: OpsActionMessages.removed(personName(person), customer.name) };
    },

    /** A retired plan's subscribers move to another plan of the product at renewal; their admins are mailed. */
    async moveSubscribers(fromPlanId: number, toPlanId: number) {
      const from = await catalog.findPlan(fromPlanId);
      const to = await planOrBadRequest(toPlanId);
      if (to.id === from.id) throw badRequest(OpsActionMessages.samePlan, 'toPlanId');
      if (to.product !== from.product)
        throw badRequest(OpsActionMessages.otherProduct(to.planName), 'toPlanId');
      if (!to.isAvailable) throw badRequest(OpsActionMessages.targetRetired(to.planName), 'toPlanId');
      if (from.isAvailable) throw conflict(OpsActionMessages.planNotRetired(from.planName));
      return db.transaction(async (tx) => {
        const moved = await subscriptions.moveToPlanAtRenewal(tx, from, to);
        const organizationsNotified = await notify(tx, moved, (mailTo, subs) =>
          planMoveMail({ to: mailTo, fromPlan: from.planName, toPlan: to.planName, subscriptions: subs }),
        );
        return {
          moved: moved.length,
          organizationsNotified,
          message: OpsActionMessages.moved(moved.length, from.planName, to.planName, organizationsNotified),
        };
      });
    },

    /**
     * Saves a plan. When a price changes and the plan has subscribers that renew, the operator says
     * what becomes of them: they keep their price (moved to a retired copy of the plan at that price),
     * or they are mailed the new one, which reaches them at their next renewal.
     */
    async updatePlan(planId: number, body: OpsPlanUpdateBody) {
      const { existingSubscribers, ...fields } = body;
      const current = await catalog.findPlan(planId);
      const changed = priceChanged(current, fields);
      return db.transaction(async (tx: Tx) => {
        const reached = changed ? await subscriptions.renewingOnPlan(tx, planId) : [];
        if (reached.length > 0 && !existingSubscribers)
          throw badRequest(OpsActionMessages.choosePriceOutcome(reached.length));
        let message: string | undefined;
        if (reached.length > 0 && existingSubscribers === 'keep') {
          const planName = OpsActionMessages.keptPlanName(current.planName, formatLongDate(clock.now()));
          const copy = await catalog.createPlan(
            { ...planFields(current), product: current.product, isAvailable: false, planName },
            tx,
          );
          const kept = await subscriptions.keepOnPlan(tx, current, copy);
          message = OpsActionMessages.keptPrice(kept.length, copy.planName);
        }
        const saved = await catalog.updatePlan(planId, fields, tx);
        if (reached.length > 0 && existingSubscribers === 'notify') {
          const organizations = await notify(tx, reached, (mailTo, subs) =>
            priceChangeMail({
              to: mailTo,
              plan: saved.plan.planName,
              from: formatUsd(current.monthlyFeeCents),
              toPrice: formatUsd(saved.plan.monthlyFeeCents),
              subscriptions: subs,
            }),
          );
          message = OpsActionMessages.notified(reached.length, organizations);
        }
        return { ...saved, message };
      });
    },
  };
}

export type ConsoleActionsService = ReturnType<typeof createConsoleActionsService>;
