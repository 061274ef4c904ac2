import { type Entitlements, entitlementsObject } from '@store/core';
import type { SubscriptionRecord } from '../subscriptions';

// What every licensing answer and signed file carries (docs/decisions/039): the entitlements of the
// plan in force, read from the subscription's plan at the moment of the answer or the file's issue.

// Validation answers from a cached read (docs/decisions/021), whose plan row is the same object until
// a change is announced: its engines' form is worked out once per row, not once per call.
const byList = new WeakMap<readonly string[], Entitlements>();

/** The plan's entitlements in the engines' form: `{ "ocr": true, "max-pages-per-document": 500 }`. */
export function entitlementsOf(record: Pick<SubscriptionRecord, 'plan'>): Entitlements {
  const list = record.plan.entitlements;
  let object = byList.get(list);
  if (!object) {
    object = entitlementsObject(list);
    byList.set(list, object);
  }
  return object;
}
