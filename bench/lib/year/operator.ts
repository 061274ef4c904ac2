import { BillStatus } from '@store/core';
import type { Db } from '../../../apps/server/src/db/client';
import { createSandboxGateway } from '../../../apps/server/src/gateway/sandbox-gateway';
import { createBillCollections } from '../../../apps/server/src/modules/billing';
import { createOfflineLicenseService, signingKeySource } from '../../../apps/server/src/modules/licensing';
import { createRefundsService } from '../../../apps/server/src/modules/refunds';
import type { SimulationClock } from './clock';
import { inParallel } from './in-parallel';
import type { Query } from './model';

// What the store's operator does through their services (what the console and `npm run ops` call):
// refunds of paid bills, full and part, and invoices marked paid as the customers' transfers arrive.

export interface OperatorTally {
  refunds: number;
  refundsRefused: string[];
  invoicesPaid: number;
}

const DAY_MS = 86_400_000;

export class Operator {
  readonly tally: OperatorTally = { refunds: 0, refundsRefused: [], invoicesPaid: 0 };
  private refunded = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly q: Query,
    private readonly clock: SimulationClock,
    private readonly random: () => number,
  ) {}

  /** Refunds about `share` of the bills paid in the last day; every other one in part. */
  async refundSome(share: number): Promise<void> {
    const since = new Date(this.clock.now().getTime() - DAY_MS);
    const paid = await this.q<{ id: number; total_cents: number; status: number }>(
      `SELECT id, total_cents, status FROM orders WHERE status IN ($1, $2) AND paid_at >= $3 AND total_cents >= 100`,
      [BillStatus.ChargePaid, BillStatus.OfflinePaid, since.toISOString()],
    );
    const refunds = createRefundsService({
      db: this.db,
      clock: this.clock,
      gateway: createSandboxGateway(this.db),
    });
    for (const bill of paid) {
      if (this.refunded.has(bill.id) || this.random() >= share) continue;
      this.refunded.add(bill.id);
      const full = this.random() < 0.5;
      const cents = full ? bill.total_cents : Math.max(1, Math.floor(bill.total_cents * 0.3));
      try {
        await refunds.refundBill({
          orderId: bill.id,
          request: {
            amount: cents / 100,
            reason: full ? 'Bought by mistake' : 'Goodwill credit',
            // An invoice paid by transfer goes back by transfer: the operator names it.
            ...(Number(bill.status) === BillStatus.OfflinePaid
              ? { offlineMethod: `transfer back ${bill.id}` }
              : {}),
          },
          requestKey: `year-refund-${bill.id}`,
          operatorPersonId: null,
        });
        this.tally.refunds += 1;
      } catch (error) {
        if (this.tally.refundsRefused.length < 20)
          this.tally.refundsRefused.push(`bill ${bill.id}: ${(error as Error).message}`);
      }
    }
  }

  /** Marks paid the invoices issued `afterDays` ago or more, but for the customers who never pay. */
  async recordTransfers(afterDays: number, neverPays: (organizationId: number) => boolean): Promise<void> {
    const before = new Date(this.clock.now().getTime() - afterDays * DAY_MS);
    const open = await this.q<{ id: number; organization_id: number }>(
      'SELECT id, organization_id FROM orders WHERE status IN ($1, $2) AND billing_date <= $3',
      [BillStatus.OfflineInvoice, BillStatus.OfflinePastDue, before.toISOString()],
    );
    const paying = open.filter((bill) => !neverPays(bill.organization_id));
    const invoices = createBillCollections({
      db: this.db,
      clock: this.clock,
      // The store processes run in demo mode: the key is the database's.
      licensing: createOfflineLicenseService({ signingKeys: signingKeySource({ mode: 'demo' }) }),
    });
    await inParallel(paying, 4, async (bill) => {
      await invoices.recordPayment(bill.id, `transfer ${bill.id}`);
      this.tally.invoicesPaid += 1;
    });
  }
}
