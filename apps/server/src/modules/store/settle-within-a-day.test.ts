import { BillStatus } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization } from '../../../test/support/billing';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orders } from '../../db/schema';
import type { ChargeHint, PaymentGateway } from '../../gateway/payment-gateway';
import { createSandboxGateway } from '../../gateway/sandbox-gateway';
import { ManualClock } from '../../lib/clock';
import { insertBill } from '../bills/bills.repository';
import { settlePendingPurchases } from './purchase-settling';

// docs/design.md §3: a checkout charge whose answer was lost is settled within a day. The gateway is
// asked with the organization's customer; one that still cannot answer after a day is given up as
// not charged, and the operator is alerted.

let t: TestApp;
const clock = new ManualClock('2026-05-01T12:00:00Z');
const hints: (ChargeHint | undefined)[] = [];
const alerts: string[] = [];
const logger = { info: () => {}, warn: () => {}, error: (_: object, msg?: string) => alerts.push(msg ?? '') };

describe('a pending checkout charge the gateway cannot answer about', () => {
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      clock,
      gateway: (database): PaymentGateway => {
        const sandbox = createSandboxGateway(database.db);
        return {
          ...sandbox,
          async findCharge(_key, hint) {
            hints.push(hint);
            throw new Error('gateway unavailable');
          },
        };
      },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('is asked about with the customer, kept pending for a day, then given up with an operator alert', async () => {
    const org = await makeOrganization(t.db, { name: 'Lost Answers Inc.' });
    const order = await insertBill(t.db, {
      organizationId: org.id,
      kind: 'purchase',
      status: BillStatus.ChargePending,
      totalCents: 100,
      billingDate: clock.now(),
      request: { items: [], priced: [], orgDiscountBp: 0 },
    });
    const deps = { ...t.deps, logger };
    const statusOf = async () =>
      (await t.db.select().from(orders).where(eq(orders.id, order!.id)))[0]!.status;

    clock.advanceMs(2 * 60_000);
    expect(await settlePendingPurchases(deps)).toEqual({ completed: 0, failed: 0 });
    expect(hints.at(-1)).toMatchObject({ customerId: org.gatewayCustomerId, since: order!.billingDate });

    clock.advanceMs(23 * 60 * 60_000);
    expect(await settlePendingPurchases(deps)).toEqual({ completed: 0, failed: 0 });
    expect(await statusOf()).toBe(BillStatus.ChargePending);
    expect(alerts).toEqual([]);

    clock.advanceMs(60 * 60_000);
    expect(await settlePendingPurchases(deps)).toEqual({ completed: 0, failed: 1 });
    expect(await statusOf()).toBe(BillStatus.UnPaid);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('operator alert');
  });
});
