import type { WebhookEventType } from '@store/core';
import type { DbOrTx } from '../../db/client';
import { recordEvents } from '../webhooks';
import { enqueueReceipts } from './bill-notices';
import { listedBills } from './bills.repository';

/** A bill an event is about: its id and its organization's. */
export interface BillRef {
  id: number;
  organizationId: number;
}

type BillEventType = Extract<WebhookEventType, `bill.${string}`>;

/**
 * Announces `type` for these bills to the organizations' webhooks (docs/design.md §5a), in the
 * caller's transaction, each as Billing History lists it. A bill's events are the organization's,
 * in the order they happen: a bill may be for several subscriptions.
 */
export async function announceBills(
  tx: DbOrTx,
  type: BillEventType,
  bills: readonly BillRef[],
  at?: Date,
): Promise<void> {
  await recordEvents(
    tx,
    type,
    bills.map((b) => ({ organizationId: b.organizationId, id: b.id })),
    async (listened) => {
      const listed = await listedBills(
        tx,
        listened.map((b) => b.id),
      );
      return listened.map((b) => listed.get(b.id) ?? { orderId: b.id });
    },
    at,
  );
}

/**
 * Bills just marked paid: the receipts (bill-notices.ts) and bill.paid, in the transaction that
 * marks them paid, so a bill is receipted and announced exactly when it is paid.
 */
export async function billsPaid(tx: DbOrTx, bills: readonly BillRef[], at?: Date): Promise<void> {
  await enqueueReceipts(
    tx,
    bills.map((b) => b.id),
  );
  await announceBills(tx, 'bill.paid', bills, at);
}
