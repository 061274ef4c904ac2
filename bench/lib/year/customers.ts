import { BillingMode, isProPlan } from '@store/core';
import { billingInfoBody } from '../../../apps/server/test/support/fixture-address';
import type { StoreApi } from './api';
import type { SimulationClock } from './clock';
import { pick, type SimModel, type SimOrg, type SimSub } from './model';

// What customers and their engines do through the store's HTTP API in a day of the year.

interface Detail {
  subscriptionId: number;
  description: string;
  pricingPlanId: number;
  maxAdditionalMonthlyCharge: number;
  xtraAutoTags: number;
  numberMachines: number;
  nextBaseBillingDate: string | null;
  version: number;
  isActive: boolean;
  deactivateDate: string | null;
}

export interface Tally {
  usageCalls: number;
  planChanges: number;
  pendingChanges: number;
  refusedChanges: number;
  cancels: number;
  purchases: number;
  purchasesNeedingAuth: number;
  cardUpdates: number;
  unexpected: string[];
}

export const newTally = (): Tally => ({
  usageCalls: 0,
  planChanges: 0,
  pendingChanges: 0,
  refusedChanges: 0,
  cancels: 0,
  purchases: 0,
  purchasesNeedingAuth: 0,
  cardUpdates: 0,
  unexpected: [],
});

const note = (tally: Tally, what: string, status: number, body: unknown) => {
  if (tally.unexpected.length < 50)
    tally.unexpected.push(`${what}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
};

export class Customers {
  constructor(
    private readonly api: StoreApi,
    private readonly clock: SimulationClock,
    private readonly model: SimModel,
    private readonly random: () => number,
    readonly tally: Tally,
  ) {}

  private orgOf(sub: SimSub): SimOrg {
    return this.model.orgs.find((o) => o.id === sub.orgId)!;
  }

  /** An engine's report of the day's pages, keyed by subscription and day (a resend counts once). */
  async reportUsage(sub: SimSub, day: number): Promise<void> {
    const plan = this.model.plans.find((p) => p.id === sub.planHistory.at(-1)!.planId)!;
    const pages = Math.round((plan.baseRtus / 30) * (0.4 + this.random() * 1.3));
    const body = {
      licenseKey: sub.licenseKey,
      reports: [
        { transactionId: `day-${day}`, hostname: 'engine-1', pages, time: this.clock.now().toISOString() },
      ],
    };
    const res = await this.api.call(null, 'POST', '/api/licensing/usage', body);
    this.tally.usageCalls += 1;
    if (res.status !== 200) note(this.tally, `usage of ${sub.id}`, res.status, res.body);
  }

  /** The editor: another plan of the same product; up applies at once, down at the renewal. */
  async changePlan(sub: SimSub): Promise<void> {
    const org = this.orgOf(sub);
    const read = await this.api.call<Detail>(org, 'GET', `/api/subscription/${sub.id}`);
    if (read.status !== 200) return note(this.tally, `read ${sub.id}`, read.status, read.body);
    const d = read.body;
    if (!d.isActive || d.deactivateDate) return;
    const current = this.model.plans.find((p) => p.id === d.pricingPlanId);
    if (!current) return;
    const others = this.model.plans.filter((p) => p.product === current.product && p.id !== current.id);
    if (others.length === 0) return;
    const plan = pick(this.random, others);
    const save = await this.api.call<{ pending: boolean; authentication?: unknown; subscription: Detail }>(
      org,
      'PUT',
      `/api/subscription/${sub.id}`,
      {
        description: d.description,
        pricingPlanId: plan.id,
        maxAdditionalMonthlyCharge: d.maxAdditionalMonthlyCharge,
        xtraAutoTags: plan.allowXtraAutoTag ? d.xtraAutoTags : 0,
        numberMachines: isProPlan(plan) ? Math.max(1, d.numberMachines) : 0,
        version: d.version,
      },
    );
    if (save.status === 402 || save.status === 409) {
      this.tally.refusedChanges += 1;
      return;
    }
    if (save.status !== 200) return note(this.tally, `save ${sub.id}`, save.status, save.body);
    if (save.body.authentication) {
      this.tally.refusedChanges += 1;
      return;
    }
    this.tally.planChanges += 1;
    // The model follows what the answer shows in force, not the request: a save of terms already
    // waiting for the renewal changes nothing.
    const saved = save.body.subscription;
    if (saved.pricingPlanId === plan.id) {
      sub.planHistory.push({ from: this.clock.now().getTime(), planId: plan.id });
    } else {
      if (!save.body.pending) return note(this.tally, `save ${sub.id} kept its plan`, 200, save.body);
      this.tally.pendingChanges += 1;
      sub.planHistory.push({ from: Date.parse(saved.nextBaseBillingDate!), planId: plan.id });
    }
  }

  async cancel(sub: SimSub): Promise<void> {
    const res = await this.api.call(this.orgOf(sub), 'DELETE', `/api/subscription/${sub.id}`);
    if (res.status === 200) {
      sub.cancelled = true;
      this.tally.cancels += 1;
    } else if (res.status !== 409) note(this.tally, `cancel ${sub.id}`, res.status, res.body);
  }

  /**
   * Checkout of one item. When the bank asks for 3-D Secure the admin completes the challenge (or,
   * now and then, fails it) and the browser tells the store; the purchase asked again with its key
   * then answers with what was bought.
   */
  async purchase(org: SimOrg, key: string): Promise<void> {
    const plan = pick(this.random, this.model.plans);
    const item = {
      description: `Bought ${key}`,
      pricingPlanId: plan.id,
      maxAdditionalMonthlyCharge: 0,
      xtraAutoTags: 0,
      numberMachines: isProPlan(plan) ? 1 : 0,
      billingMode: pick(this.random, [BillingMode.Monthly, BillingMode.Quarterly, BillingMode.Annually]),
    };
    const buy = () =>
      this.api.call<{
        subscriptions: { subscriptionId: number }[];
        authentication?: { clientSecret: string; orderId: number };
      }>(org, 'POST', '/api/subscription/new', [item], { 'idempotency-key': key });
    let res = await buy();
    if (res.status === 402) return;
    if (res.status !== 200) return note(this.tally, `purchase ${key}`, res.status, res.body);
    if (res.body.authentication) {
      this.tally.purchasesNeedingAuth += 1;
      const { clientSecret, orderId } = res.body.authentication;
      const outcome = this.random() < 0.75 ? 'complete' : 'fail';
      const bank = await this.api.call(org, 'POST', '/api/sandbox/authentication', { clientSecret, outcome });
      if (bank.status !== 200) note(this.tally, `challenge of ${orderId}`, bank.status, bank.body);
      const confirmed = await this.api.call(org, 'POST', `/api/order/${orderId}/authenticated`, {});
      if (confirmed.status === 402) return;
      if (confirmed.status !== 200)
        return note(this.tally, `authenticated ${orderId}`, confirmed.status, confirmed.body);
      res = await buy();
      if (res.status !== 200 || res.body.authentication)
        return note(this.tally, `purchase ${key} after authentication`, res.status, res.body);
    }
    this.tally.purchases += 1;
    for (const s of res.body.subscriptions) {
      const detail = await this.api.call<{ apiKey1: string }>(
        org,
        'GET',
        `/api/subscription/${s.subscriptionId}`,
      );
      this.model.subs.push({
        id: s.subscriptionId,
        orgId: org.id,
        licenseKey: detail.body.apiKey1,
        metered: false,
        cancelled: false,
        planHistory: [{ from: 0, planId: plan.id }],
      });
    }
  }

  /** Modify Billing Info with the payment method the card fields made of the card typed in. */
  async saveCard(org: SimOrg, paymentMethodId: string): Promise<boolean> {
    const res = await this.api.call(
      org,
      'PUT',
      '/api/organization/billing_info',
      billingInfoBody({
        company: `Year Co. ${org.id}`,
        sourceId: paymentMethodId,
        expireYear: 2099,
        lastFour: '4242',
      }),
    );
    this.tally.cardUpdates += 1;
    if (res.status !== 200) note(this.tally, `billing info of ${org.id}`, res.status, res.body);
    return res.status === 200;
  }
}
