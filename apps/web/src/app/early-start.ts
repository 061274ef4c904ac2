import type { QueryClient } from '@tanstack/react-query';
import { billingCycleDiscountsQueryOptions } from '../features/catalog/api/get-billing-cycle-discounts';
import { plansForProductQueryOptions } from '../features/catalog/api/get-plans-for-product';
import { productsQueryOptions } from '../features/catalog/api/get-products';

const PRODUCT_PAGE = /^\/Products\/([^/]+)\/?$/i;

/**
 * A product page opened first (a link from outside, a search result): its chunk and its three answers
 * are asked for now, beside the app's start, rather than each after the last has arrived. On a phone
 * on slow 4G every one of those waits is a round trip of its own before the price table can paint
 * (docs/decisions/020, "A store fast on a phone").
 */
export function startEarly(queryClient: QueryClient, path: string): void {
  const raw = PRODUCT_PAGE.exec(path)?.[1];
  let product: string;
  try {
    if (!raw) return;
    product = decodeURIComponent(raw);
  } catch {
    // A malformed address: the screen says what it says of it, with nothing asked early.
    return;
  }
  // The form is not asked for: it is not what a phone paints first, and on slow 4G its code and
  // styles would share the line with what is (routes/product).
  void import('./routes/product');
  void queryClient.prefetchQuery(productsQueryOptions);
  void queryClient.prefetchQuery(plansForProductQueryOptions(product));
  void queryClient.prefetchQuery(billingCycleDiscountsQueryOptions);
}
