import { BillStatus } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization } from '../../../test/support/billing';
import { createTestApp, createTestDatabase } from '../../../test/support/test-app';
import type { GatewayCharge, PaymentGateway } from '../../gateway/payment-gateway';
import { seedCatalog } from '../../seed/catalog';
import { finishAttempt, insertBill, noteChargeId, startAttempt } from '../bills/bills.repository';
import { reconcile, STARTED_ATTEMPT_LIMIT_MS } from './reconcile';

// `npm run ops -- reconcile` (docs/design.md §3): each kind of difference between the gateway's charges
// and the bills is found and named, so the fault tests' "reconcile finds nothing" means something.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const now = new Date('2026-09-01T12:00:00Z');
const charges: GatewayCharge[] = [];
const gateway = { listCharges: async () => charges } as unknown as PaymentGateway;
let customerId: string;
let organizationId: number;

const charge = (key: string | null, amountCents: number, more: Partial<GatewayCharge> = {}) => {
  const c: GatewayCharge = {
    chargeId: `pi_${charges.length + 1}`,
    idempotencyKey: key,
    amountCents,
    status: 'succeeded',
    customerId,
    created: now,
    ...more,
  };
  charges.push(c);
  return c;
};

/** A card bill with one attempt, in the given states. */
async function bill(
  key: string,
  totalCents: number,
  status: number,
  attempt: 'started' | 'succeeded',
  createdAt = now,
) {
  const order = await insertBill(database.db, {
    organizationId,
    kind: 'renewal',
    status,
    totalCents,
    billingDate: now,
    paidAt: status === BillStatus.ChargePaid ? now : null,
  });
  await startAttempt(database.db, {
    orderId: order!.id,
    gatewayKey: key,
    amountCents: totalCents,
    createdAt,
  });
  if (attempt === 'succeeded') await finishAttempt(database.db, key, { status: 'succeeded' });
  // A paid card bill is issued and named by its invoice number; one not paid yet by its order.
  if (status === BillStatus.ChargePaid) expect(order!.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
  else expect(order!.invoiceNumber).toBeNull();
  return order!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database.db);
  const org = await makeOrganization(database.db, { name: 'Reconciled Co.' });
  organizationId = org.id;
  customerId = org.gatewayCustomerId!;
});
afterAll(() => database.close());

describe('reconcile', () => {
  it('finds nothing when every charge paid exactly one bill of its amount', async () => {
    await bill('agree-1', 5_000, BillStatus.ChargePaid, 'succeeded');
    charge('agree-1', 5_000);
    charge('declined-1', 5_000, { status: 'failed' });
    expect(await reconcile(database.db, gateway, { since: null, now })).toEqual([]);
  });

  it('names each difference', async () => {
    const unpaid = await bill('unpaid-1', 2_000, BillStatus.ChargePastDue, 'succeeded');
    const unpaidCharge = charge('unpaid-1', 2_000);
    const wrongAmount = await bill('amount-1', 3_000, BillStatus.ChargePaid, 'succeeded');
    const wrongCharge = charge('amount-1', 3_100);
    const twice = await bill('twice-1', 1_000, BillStatus.ChargePaid, 'succeeded');
    await startAttempt(database.db, {
      orderId: twice.id,
      gatewayKey: 'twice-2',
      amountCents: 1_000,
      createdAt: now,
    });
    await finishAttempt(database.db, 'twice-2', { status: 'succeeded' });
    const first = charge('twice-1', 1_000);
    const second = charge('twice-2', 1_000);
    const stranger = charge('nobody-1', 700);
    const otherCustomer = await bill('other-1', 900, BillStatus.ChargePaid, 'succeeded');
    const otherCharge = charge('other-1', 900, { customerId: 'cus_someone_else' });
    const uncharged = await bill('uncharged-1', 4_000, BillStatus.ChargePaid, 'succeeded');
    const stale = new Date(now.getTime() - STARTED_ATTEMPT_LIMIT_MS - 60_000);
    const stuck = await bill('stuck-1', 600, BillStatus.ChargePending, 'started', stale);

    const found = await reconcile(database.db, gateway, { since: null, now });
    expect(found.sort()).toEqual(
      [
        `Charge ${unpaidCharge.chargeId} ($20.00) took money but order ${unpaid.id} is 'Past Due' (${BillStatus.ChargePastDue}).`,
        `Charge ${wrongCharge.chargeId} ($31.00) does not match the total of bill ${wrongAmount.invoiceNumber} ($30.00).`,
        `Bill ${twice.invoiceNumber} was charged 2 times: ${first.chargeId}, ${second.chargeId}.`,
        `Charge ${stranger.chargeId} ($7.00) with key nobody-1 has no bill.`,
        `Charge ${otherCharge.chargeId} ($9.00) is of customer cus_someone_else, not of the organization of bill ${otherCustomer.invoiceNumber}.`,
        `Bill ${uncharged.invoiceNumber} is paid ($40.00) but the gateway has no charge for it.`,
        `Attempt stuck-1 of order ${stuck.id} is still 'started' since ${stale.toISOString()}.`,
      ].sort(),
    );
  });

  it('leaves a charge still processing to be settled for a day before naming it', async () => {
    const before = (await reconcile(database.db, gateway, { since: null, now })).length;
    const order = await bill(
      'processing-1',
      800,
      BillStatus.ChargePending,
      'started',
      new Date(now.getTime() - 2 * 3_600_000),
    );
    await noteChargeId(database.db, 'processing-1', 'pi_processing');
    expect(await reconcile(database.db, gateway, { since: null, now })).toHaveLength(before);
    const dayLater = new Date(now.getTime() + 24 * 3_600_000);
    expect(await reconcile(database.db, gateway, { since: null, now: dayLater })).toContain(
      `Attempt processing-1 of order ${order.id} is still 'started' since ${new Date(now.getTime() - 2 * 3_600_000).toISOString()}.`,
    );
  });
});

describe("reconcile on the demo's data", () => {
  it('finds the demo history charged through the sandbox, one charge for each paid card bill', async () => {
    const demo = await createTestApp();
    try {
      expect(await reconcile(demo.db, demo.gateway, { since: null, now: demo.clock.now() })).toEqual([]);
      expect((await demo.gateway.listCharges(null)).length).toBeGreaterThan(5);
    } finally {
      await demo.close();
    }
  });
});
