import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BillingMode,
  BillStatus,
  designerHostCount,
  type PricingPlan,
  WEBHOOK_EVENT_TYPES,
} from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newUser } from '../../../test/support/accounts';
import { runBillingCycle } from '../../../test/support/billing';
import { loginSubAccount } from '../../../test/support/demo-accounts';
import { loginOperator } from '../../../test/support/operator';
import { editBody } from '../../../test/support/subscription-edit';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orders, organizations, subscriptions } from '../../db/schema';
import { releaseCodeOf, signUsageFile } from '../licensing/offline-file-keys';
import { verifyLicenseFile } from '../licensing/verify-license-file';

// docs/design.md §5a: every event the store announces reaches an endpoint that takes every event,
// made the way a customer (or the operator, or the billing engine) makes it happen, with `data`
// in the shape the API answers for the object.

type Api = Awaited<ReturnType<TestApp['loginDemo']>>;
interface Message {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The customer's receiving system: keeps every message it is sent and answers 200. */
async function receiver() {
  const received: Message[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(JSON.parse(body) as Message);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const DAY = 86_400_000;
let t: TestApp;
let rx: Awaited<ReturnType<typeof receiver>>;
let admin: Api;
let demoId: number;
const plans: Record<string, PricingPlan> = {};
const seen = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  rx = await receiver();
  admin = await t.loginDemo();
  demoId = admin.organization.organizationId;
  const added = await admin.post('/api/organization/webhooks', { url: rx.url, events: [] });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  for (const product of ['Pro', 'Flex']) {
    for (const p of (await t.client().get(`/api/product/plans_for_product/${product}`)).body as PricingPlan[])
      plans[p.planName] = p;
  }
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});
beforeEach(async () => {
  // The clock moves in some tests: sign in afresh.
  await t.endThrottleWindows();
  admin = await t.loginDemo();
});

/** Sends what waits, and answers the messages that arrived since the last call. */
async function delivered(): Promise<Message[]> {
  await t.webhooks.drain();
  const messages = rx.received.splice(0);
  for (const m of messages) seen.add(m.type);
  return messages;
}
const ofType = (messages: Message[], type: string) => messages.filter((m) => m.type === type);

/** A checkout of one subscription by the demo's admin; its answer. */
async function buy(planName: string, description: string, more: Record<string, unknown> = {}) {
  const res = await admin.post(
    '/api/subscription/new',
    [
      {
        description,
        pricingPlanId: plans[planName]!.pricingPlanId,
        maxAdditionalMonthlyCharge: 0,
        xtraAutoTags: 0,
        numberMachines: planName.startsWith('Pro') ? 1 : 0,
        billingMode: BillingMode.Monthly,
        ...more,
      },
    ],
    { 'Idempotency-Key': `webhook-events-${description}` },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { orderId: number; subscriptions: { subscriptionId: number }[] };
}
const subscriptionRow = async (id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const engine = async (url: string, body: unknown) => {
  const res = await t.app.inject({ method: 'POST', url, payload: body as object });
  return { status: res.statusCode, body: res.json() };
};

describe('a checkout', () => {
  it('announces the subscription created, as the list answers it, and its bill issued and paid, as Billing History lists it', async () => {
    const bought = await buy('Pro Standard', 'Checkout');
    const id = bought.subscriptions[0]!.subscriptionId;
    const messages = await delivered();
    const [created] = ofType(messages, 'subscription.created');
    const listed = (await admin.get('/api/subscription/all')).body.find(
      (s: { subscriptionId: number }) => s.subscriptionId === id,
    );
    expect(created!.data).toEqual(listed);
    expect(created!.data).toMatchObject({
      subscriptionId: id,
      organizationId: demoId,
      description: 'Checkout',
    });
    expect(created!.data.apiKey1).toBe((await subscriptionRow(id)).apiKey1);

    const bill = (await admin.get('/api/order/history')).body.find(
      (b: { orderId: number }) => b.orderId === bought.orderId,
    );
    expect(ofType(messages, 'bill.issued').map((m) => m.data)).toEqual([bill]);
    expect(ofType(messages, 'bill.paid').map((m) => m.data)).toEqual([bill]);
    expect(bill).toMatchObject({ status: BillStatus.ChargePaid, subscriptionNames: ['Checkout'] });
    // The message's time is the store's time of the change.
    expect(created!.timestamp).toBe(t.clock.now().toISOString());
  });
});

describe('a checkout billed by invoice', () => {
  it('announces its invoice issued, open, as Billing History lists it', async () => {
    await t.db.update(organizations).set({ billedByInvoice: true }).where(eq(organizations.id, demoId));
    try {
      const bought = await buy('Pro Standard', 'Invoiced');
      const bill = (await admin.get('/api/order/history')).body.find(
        (b: { orderId: number }) => b.orderId === bought.orderId,
      );
      const messages = await delivered();
      expect(ofType(messages, 'bill.issued').map((m) => m.data)).toEqual([bill]);
      expect(ofType(messages, 'bill.paid')).toEqual([]);
      expect(bill).toMatchObject({ status: BillStatus.OfflineInvoice });
    } finally {
      await t.db.update(organizations).set({ billedByInvoice: false }).where(eq(organizations.id, demoId));
    }
  });
});

describe("a subscription's changes", () => {
  it('the editor, Enable Offline and Cancel announce updated, offline_license.issued and cancelled, in that order', async () => {
    const id = (await buy('Pro Standard', 'Editor')).subscriptions[0]!.subscriptionId;
    await delivered();
    const current = (await admin.get(`/api/subscription/${id}`)).body;
    const saved = await admin.put(
      `/api/subscription/${id}`,
      editBody(current, { description: 'Editor renamed' }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const designers = designerHostCount(plans['Pro Standard']!, 0);
    const offline = await admin.post('/api/subscription/make-offline', {
      subscriptionId: id,
      engineHostNames: 'offline-engine',
      autoTagHostNames: Array.from({ length: designers }, (_, i) => `offline-designer-${i + 1}`).join(';'),
    });
    expect(offline.status, JSON.stringify(offline.body)).toBe(200);
    expect((await admin.delete(`/api/subscription/${id}`)).status).toBe(200);

    const messages = (await delivered()).filter((m) => m.data.subscriptionId === id);
    expect(messages.map((m) => m.type)).toEqual([
      'subscription.updated',
      'subscription.updated',
      'offline_license.issued',
      'subscription.cancelled',
    ]);
    expect(messages[0]!.data).toMatchObject({ description: 'Editor renamed', isOfflineEnabled: false });
    expect(messages[1]!.data).toMatchObject({ isOfflineEnabled: true, offlineEngineHosts: 'offline-engine' });
    expect(messages[2]!.data.offlineLicenseKey).toBe((await subscriptionRow(id)).offlineLicenseKey);
    expect(messages[3]!.data).toMatchObject({ deactivateDate: current.nextBaseBillingDate, isActive: true });
  });
});

describe('machines', () => {
  it('activation, Deactivate, Flush Keys and a seat silent past its window announce activated and released', async () => {
    const id = (await buy('Pro Standard', 'Machines', { numberMachines: 2 })).subscriptions[0]!
      .subscriptionId;
    const { apiKey1: licenseKey } = await subscriptionRow(id);
    const activate = (hostname: string) =>
      engine('/api/licensing/activate', { licenseKey, kind: 'engine', hostname });
    await delivered();

    expect((await activate('m-01')).status).toBe(201);
    const [activated] = await delivered();
    const listed = (await admin.get(`/api/subscription/${id}/machines`)).body.machines[0];
    expect(activated).toMatchObject({ type: 'machine.activated', data: { subscriptionId: id, ...listed } });

    expect((await admin.delete(`/api/subscription/${id}/machines/${listed.machineId}`)).status).toBe(200);
    expect(await delivered()).toMatchObject([
      {
        type: 'machine.released',
        data: { subscriptionId: id, machineId: listed.machineId, hostname: 'm-01' },
      },
    ]);

    await activate('m-02');
    await activate('m-03');
    expect((await admin.get(`/api/subscription/${id}/flush-keys`)).body).toEqual({ flushed: 2 });
    const flushed = ofType(await delivered(), 'machine.released');
    expect(flushed.map((m) => m.data.hostname).sort()).toEqual(['m-02', 'm-03']);

    // Silent past the heartbeat window, a seat is freed when another machine asks for it.
    await activate('m-04');
    const { heartbeatWindowDays } = (await admin.get(`/api/subscription/${id}/machines`)).body;
    t.clock.advanceDays(heartbeatWindowDays + 1);
    expect((await activate('m-05')).status).toBe(201);
    const messages = await delivered();
    expect(messages.map((m) => [m.type, m.data.hostname])).toEqual([
      ['machine.activated', 'm-04'],
      ['machine.released', 'm-04'],
      ['machine.activated', 'm-05'],
    ]);
    expect(messages[1]!.data).toMatchObject({ subscriptionId: id, alive: false });
  });
});

describe('offline activations', () => {
  it('answering a request, a usage file and a release code announce issued, accepted and released, and are Activity entries', async () => {
    const id = (await buy('Pro Standard', 'Plant')).subscriptions[0]!.subscriptionId;
    const { apiKey1: licenseKey } = await subscriptionRow(id);
    await delivered();
    const request = {
      type: 'activation-request',
      version: 1,
      licenseKey,
      fingerprint: 'fp-plant-a',
      hostname: 'plant-engine-a',
      kind: 'engine',
      engineVersion: '1.0.0',
      nonce: 'webhook-events-plant',
    };
    const issued = await admin.post(`/api/subscription/${id}/offline-activations`, { request });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const { keys } = (await t.client().get('/api/licensing/public-key')).body;
    const { fileId, fingerprint, usageKey } = verifyLicenseFile(issued.body.licenseFile, keys, t.clock.now());
    const time = t.clock.now().toISOString();
    const usageFile = signUsageFile(usageKey!, {
      type: 'usage',
      version: 1,
      fileId,
      fingerprint,
      reports: [3, 4].map((pages, i) => ({
        transactionId: `plant-${i}`,
        hostname: 'plant-engine-a',
        pages,
        time,
      })),
    });
    const uploaded = await admin.post(`/api/subscription/${id}/usage-files`, { usageFile });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const released = await admin.post(`/api/subscription/${id}/offline-activations/release`, {
      code: releaseCodeOf(usageKey!, fileId!, fingerprint!),
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);

    const messages = (await delivered()).filter((m) => m.data.subscriptionId === id);
    expect(messages.map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'offline_activation.issued', data: { subscriptionId: id, ...issued.body } },
      { type: 'usage_file.accepted', data: { subscriptionId: id, ...uploaded.body } },
      { type: 'offline_activation.released', data: { subscriptionId: id, ...released.body } },
    ]);
    expect(uploaded.body).toMatchObject({ accepted: 2, duplicates: 0, pages: 7 });

    const activity = (await admin.get('/api/organization/activity')).body.items.slice(0, 3);
    expect(activity.map((e: { kind: string; summary: string }) => [e.kind, e.summary])).toEqual([
      [
        'offline-activation.released',
        expect.stringMatching(/^License file of plant-engine-a: Released '—' → '/),
      ],
      [
        'usage-file.accepted',
        "Usage file of plant-engine-a: Host Name 'plant-engine-a'; Reports Counted '2'; Reports Already Counted '0'; Pages '7'",
      ],
      [
        'offline-activation.issued',
        expect.stringMatching(
          /^License file of plant-engine-a: Kind 'engine'; Host Name 'plant-engine-a'; Fingerprint 'fp-plant-a'; Expires '/,
        ),
      ],
    ]);
    expect(activity[2]).toMatchObject({ actor: { kind: 'person' }, organizationId: demoId });
  });
});

describe('usage', () => {
  it("reaching the meter's alert levels announces each level reached, with the meter", async () => {
    const id = (await buy('Flex 2,500', 'Meter', { maxAdditionalMonthlyCharge: 100 })).subscriptions[0]!
      .subscriptionId;
    const { apiKey1: licenseKey } = await subscriptionRow(id);
    await delivered();
    const report = (transactionId: string, pages: number) =>
      engine('/api/licensing/usage', {
        licenseKey,
        reports: [{ transactionId, hostname: 'meter-01', pages, time: t.clock.now().toISOString() }],
      });
    expect((await report('u-1', 1_999)).status).toBe(200);
    expect(await delivered()).toEqual([]);
    // One report past 80 % and 100 % of the 2,500 included RTUs: both levels, in the order reached.
    expect((await report('u-2', 600)).status).toBe(200);
    const messages = await delivered();
    expect(messages.map((m) => [m.type, m.data.level])).toEqual([
      ['usage.threshold_reached', 'allowance-80'],
      ['usage.threshold_reached', 'allowance-100'],
    ]);
    expect(messages[0]!.data).toMatchObject({
      subscriptionId: id,
      description: 'Meter',
      meter: { usedRtus: 2_599, includedRtus: 2_500, overRtus: 99 },
    });
  });
});

describe('users', () => {
  it('adding and deleting a user announce created and deleted, as the users list answers the person', async () => {
    const made = await admin.post('/api/person/create', newUser('hook.receiver@example.com'));
    expect(made.status).toBe(201);
    const listed = (await admin.get('/api/person/all')).body.find(
      (p: { personId: number }) => p.personId === made.body.personId,
    );
    expect((await admin.delete(`/api/person/${made.body.personId}`)).status).toBe(200);
    expect(await delivered()).toEqual([
      expect.objectContaining({ type: 'user.created', data: listed }),
      expect.objectContaining({ type: 'user.deleted', data: listed }),
    ]);
  });
});

describe("the operator's refund", () => {
  it('announces the credit note, as the refunds route answers it, and the subscription it ended', async () => {
    const bought = await buy('Pro Standard', 'Refunded');
    const id = bought.subscriptions[0]!.subscriptionId;
    const [bill] = await t.db.select().from(orders).where(eq(orders.id, bought.orderId));
    await delivered();
    const op = await loginOperator(t);
    const refunded = await op.post(`/api/ops/bills/${bill!.id}/refunds`, {
      amount: bill!.totalCents / 100,
      reason: 'Bought by mistake',
      endSubscription: true,
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // Of two subjects (the organization's bills, the subscription): in no order between them.
    const messages = await delivered();
    expect(messages.map((m) => m.type).sort()).toEqual(['credit_note.issued', 'subscription.deactivated']);
    const [note] = ofType(messages, 'credit_note.issued');
    expect(note!.data).toEqual(refunded.body.refund);
    expect(note!.data).toMatchObject({ orderId: bill!.id, creditNoteNumber: expect.any(String) });
    expect(ofType(messages, 'subscription.deactivated')[0]!.data).toMatchObject({
      subscriptionId: id,
      isActive: false,
    });
  });
});

describe("a sub-account's event", () => {
  it("reaches the parent's endpoint without the sub-account's license key or offline file", async () => {
    const europe = await loginSubAccount(t);
    const europeId = europe.organization.organizationId;
    const [hub] = await t.db.select().from(subscriptions).where(eq(subscriptions.organizationId, europeId));
    await t.db
      .update(subscriptions)
      .set({ offlineLicenseKey: 'a signed file of the sub-account' })
      .where(eq(subscriptions.id, hub!.id));
    await delivered();
    const current = (await europe.get(`/api/subscription/${hub!.id}`)).body;
    expect(current.apiKey1).toBe(hub!.apiKey1);
    const saved = await europe.put(
      `/api/subscription/${hub!.id}`,
      editBody(current, { description: 'Hub renamed' }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [message, ...more] = await delivered();
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      type: 'subscription.updated',
      data: { subscriptionId: hub!.id, organizationId: europeId, description: 'Hub renamed' },
    });
    expect(message!.data).not.toHaveProperty('apiKey1');
    expect(message!.data).not.toHaveProperty('offlineLicenseKey');
    expect(JSON.stringify(message)).not.toContain(hub!.apiKey1);
  });
});

describe('the billing engine', () => {
  it('a renewal announces its bill issued, the new period and a declined charge; past its grace, the subscription deactivated', async () => {
    const id = (await buy('Pro Standard', 'Renewal')).subscriptions[0]!.subscriptionId;
    const before = await subscriptionRow(id);
    await delivered();
    // The card on file is declined from now on.
    await t.db
      .update(organizations)
      .set({ paymentMethodId: 'pm_card_chargeCustomerFail' })
      .where(eq(organizations.id, demoId));
    t.clock.set(new Date(before.nextBaseBillingDate!.getTime() + DAY));
    await runBillingCycle({ db: t.db, clock: t.clock, gateway: t.gateway });
    const renewed = await delivered();
    const [updated] = ofType(renewed, 'subscription.updated').filter((m) => m.data.subscriptionId === id);
    expect(updated!.data).toMatchObject({ currentPeriodStart: before.nextBaseBillingDate!.toISOString() });
    const [issued] = ofType(renewed, 'bill.issued').filter((m) =>
      (m.data.subscriptionNames as string[]).includes('Renewal'),
    );
    const orderId = issued!.data.orderId;
    expect(issued!.data).toMatchObject({ status: BillStatus.ChargePending });
    const [failed] = ofType(renewed, 'bill.payment_failed').filter((m) => m.data.orderId === orderId);
    expect(failed!.data).toMatchObject({ orderId, status: BillStatus.ChargePastDue });
    expect(failed!.timestamp).toBe(t.clock.now().toISOString());

    t.clock.set(new Date(t.clock.now().getTime() + 15 * DAY));
    await runBillingCycle({ db: t.db, clock: t.clock, gateway: t.gateway });
    const ended = ofType(await delivered(), 'subscription.deactivated').filter(
      (m) => m.data.subscriptionId === id,
    );
    expect(ended.map((m) => m.data)).toMatchObject([{ subscriptionId: id, isActive: false }]);
  });
});

describe('every event', () => {
  it('was made to happen above', () => {
    expect(WEBHOOK_EVENT_TYPES.filter((type) => !seen.has(type))).toEqual([]);
  });
});
