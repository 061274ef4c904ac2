import { z } from 'zod/mini';
import { Messages } from '../messages';
import {
  idField,
  intField,
  MAX_MONEY,
  moneyField,
  NAME_MAX,
  requiredText,
  STANDALONE_MESSAGE,
} from './common';

/** What the server stores when a purchase item comes without a name. */
export const PLACEHOLDER_DESCRIPTION = 'My Subscription';

export const MAX_PURCHASE_ITEMS = 50;
export const MAX_SEATS = 1000;
const HOSTS_MAX = 20_000;
const HOST_MAX = 253;

/** Billing modes a customer may buy: Monthly, Quarterly, Annually; NoBill (0) never (docs/design.md §2). */
const SOLD_BILLING_MODES: readonly number[] = [1, 2, 3];

/**
 * A purchase item's billing mode. Anything else is the spec's own error, 'Invalid Argument: {mode}
 * is not a valid billing period.' (docs/spec.md §3, §8), answered as it stands (STANDALONE_MESSAGE).
 */
const soldBillingMode = z.pipe(
  z
    .unknown()
    .check(
      z.meta({ type: 'integer', minimum: 1, maximum: 3, description: '1 Monthly, 2 Quarterly, 3 Annually' }),
    ),
  z.transform((mode, ctx) => {
    if (typeof mode === 'number' && SOLD_BILLING_MODES.includes(mode)) return mode;
    // A transform's issues are pushed as they are: zod/mini's payload has no addIssue.
    ctx.issues.push(
      mode === undefined
        ? { code: 'custom', input: mode, message: 'Billing mode is required' }
        : {
            code: 'custom',
            input: mode,
            message: Messages.invalidBillingPeriod(mode),
            params: STANDALONE_MESSAGE,
          },
    );
    return z.NEVER;
  }),
);

export const PurchaseItemSchema = z.strictObject({
  description: z
    .string({ error: 'Description must be text' })
    .check(z.trim(), z.maxLength(NAME_MAX, `Description must be at most ${NAME_MAX} characters`)),
  pricingPlanId: idField('Pricing plan'),
  maxAdditionalMonthlyCharge: moneyField('Max overages', undefined, MAX_MONEY),
  xtraAutoTags: intField('Extra designers', 0, MAX_SEATS),
  numberMachines: intField('Number of engines', 0, MAX_SEATS),
  billingMode: soldBillingMode,
});
export type PurchaseItem = z.infer<typeof PurchaseItemSchema>;

export const PurchaseRequestSchema = z
  .array(PurchaseItemSchema, { error: 'A purchase is a list of items' })
  .check(
    z.minLength(1, 'The cart is empty'),
    z.maxLength(MAX_PURCHASE_ITEMS, `At most ${MAX_PURCHASE_ITEMS} items can be bought at once`),
  );
export type PurchaseRequest = z.infer<typeof PurchaseRequestSchema>;

export const HOST_SEPARATOR = ';';

export const joinHosts = (hosts: readonly string[]): string =>
  hosts
    .map((h) => h.trim())
    .filter((h) => h !== '')
    .join(HOST_SEPARATOR);

export const splitHosts = (joined: string | null | undefined): string[] =>
  (joined ?? '')
    .split(HOST_SEPARATOR)
    .map((h) => h.trim())
    .filter((h) => h !== '');

const hostList = (label: string) =>
  z.string({ error: `${label} must be text` }).check(
    z.trim(),
    z.maxLength(HOSTS_MAX, `${label} are too long`),
    z.refine(
      (s) => splitHosts(s).every((h) => h.length <= HOST_MAX),
      `Each host name must be at most ${HOST_MAX} characters`,
    ),
    // Said in words: a pattern for "each trimmed name at most N" backtracks badly on long text.
    z.meta({
      description: `Host names separated by '${HOST_SEPARATOR}', each at most ${HOST_MAX} characters once trimmed.`,
    }),
  );

/** POST /api/subscription/make-offline. How many hosts are needed depends on the subscription. */
export const OfflineRequestSchema = z.strictObject({
  subscriptionId: idField('Subscription'),
  engineHostNames: hostList('Engine hosts'),
  autoTagHostNames: hostList('Designer hosts'),
});
export type OfflineRequest = z.infer<typeof OfflineRequestSchema>;

/** One offline-form host input: every field is required (docs/spec.md §5). */
export const HostNameSchema = requiredText(Messages.hostRequired, 'Host name', HOST_MAX).check(
  z.refine((h) => !h.includes(HOST_SEPARATOR), `Host name must not contain '${HOST_SEPARATOR}'`),
);

/** The subscription editor's save. */
export const SubscriptionUpdateSchema = z.strictObject({
  description: requiredText(Messages.subscriptionNameRequired, 'Subscription name'),
  pricingPlanId: idField('Pricing plan'),
  // Null is what the editor's input yields for a non-number (docs/spec.md §5) and is invalid there.
  maxAdditionalMonthlyCharge: moneyField('Max overages', Messages.maxOveragesRequired),
  xtraAutoTags: intField('Extra designers', 0, MAX_SEATS),
  numberMachines: intField('Number of engines', 0, MAX_SEATS),
  version: intField('Version', 0),
});
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdateSchema>;

/**
 * The headers the purchase reads (docs/design.md §3), lower case as Node receives them: a retry with
 * the same Idempotency-Key answers with the first result; X-Expected-Total is the total in cents
 * the checkout showed. Their values are checked by the route, with its own messages.
 */
export const PurchaseHeadersSchema = z.looseObject({
  'idempotency-key': z.optional(z.string()).check(
    z.meta({
      description: 'Unique per purchase attempt; a retry with the same key answers the first result.',
    }),
  ),
  'x-expected-total': z
    .optional(z.string())
    .check(
      z.meta({ description: 'The total in cents the checkout showed; a different server total is a 409.' }),
    ),
  'x-promotion-code': z.optional(z.string()).check(
    z.meta({
      description:
        'A promotion code to redeem with this purchase (case-insensitive); one that cannot be redeemed is a 409 and nothing is charged.',
    }),
  ),
});
