import { BillStatus, billAttemptKey } from '@store/core';
import type { DbOrTx } from '../../db/client';
import { type ChargeClaim, payersOf, recordAttemptKeys } from './bill-attempts.repository';
import { insertBills, type NewBill } from './bill-batches.repository';
import { announceBills } from './bill-events';

// Scheduled bills made with their first charge attempt already started (docs/decisions/019): the
// transaction that makes a bill due for a charge also counts the attempt, records its key and
// leases the bill, so the bill is written once where it was written twice, and the charge workers
// of the same pass take the batch from billing instead of claiming it again. The gateway is called
// only after that transaction commits; a process that dies before then leaves the lease to expire
// and the recorded key to be settled by the next claimant (docs/design.md §3), as for any started attempt.

/** An attempt whose key is committed, ready for the gateway. */
export interface PlannedAttempt {
  claim: ChargeClaim;
  orderId: number;
  amountCents: number;
  key: string;
  /** False: an attempt left open (a crash) is being settled on its recorded key. */
  isNew: boolean;
}

/**
 * Inserts the bills (insertBills) and starts the first attempt of each one due for a charge now.
 * Answers the ids by period key and the attempts started, to be charged once the caller commits.
 */
export async function insertBillsStartingCharges(
  tx: DbOrTx,
  bills: NewBill[],
  now: Date,
  leaseUntil: Date,
): Promise<{ ids: Map<string, number>; started: PlannedAttempt[] }> {
  const chargeable = (b: NewBill) => b.status === BillStatus.ChargePending && b.nextAttemptAt !== null;
  const ids = await insertBills(
    tx,
    bills.map((b) => (chargeable(b) ? { ...b, attempts: 1, nextAttemptAt: leaseUntil } : b)),
  );
  await announceBills(
    tx,
    'bill.issued',
    bills.flatMap((b) => {
      const id = ids.get(b.periodKey);
      return id === undefined ? [] : [{ id, organizationId: b.organizationId }];
    }),
    now,
  );
  const made = bills.filter((b) => chargeable(b) && ids.has(b.periodKey));
  if (made.length === 0) return { ids, started: [] };
  const payers = await payersOf(
    tx,
    made.map((b) => b.organizationId),
  );
  const started = made.map((b): PlannedAttempt => {
    const orderId = ids.get(b.periodKey)!;
    const payer = payers.get(b.organizationId);
    return {
      orderId,
      amountCents: b.totalCents,
      key: billAttemptKey(orderId, 1),
      isNew: true,
      claim: {
        orderId,
        invoiceNumber: null,
        organizationId: b.organizationId,
        amountCents: b.totalCents,
        attempts: 0,
        kind: b.kind,
        customerId: payer?.customerId ?? null,
        paymentMethodId: payer?.paymentMethodId ?? null,
        openKey: null,
        openFailures: 0,
        openSince: null,
        openChargeId: null,
        openSentUntil: null,
        // The number a bill is made with: this batch holds the lease until someone claims it anew.
        lease: 0,
      },
    };
  });
  await recordAttemptKeys(tx, started, now);
  return { ids, started };
}

/** Batches of started attempts handed from billing to the charge workers of the same pass. */
export class StartedBatches {
  private readonly batches: PlannedAttempt[][] = [];
  private waiting: (() => void)[] = [];
  private closed = false;

  /** A batch whose transaction has committed (never before: its keys must be on record). */
  push(batch: PlannedAttempt[]): void {
    if (batch.length > 0) this.batches.push(batch);
    this.wake();
  }

  /** No more batches: billing ended (or failed; what it committed is claimed later). */
  close(): void {
    this.closed = true;
    this.wake();
  }

  /** The next batch; null once closed and every batch taken. */
  async next(): Promise<PlannedAttempt[] | null> {
    for (;;) {
      const batch = this.batches.shift();
      if (batch) return batch;
      if (this.closed) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
