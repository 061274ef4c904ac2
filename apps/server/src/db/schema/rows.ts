import type { pricingPlans, products } from './catalog';
import type { orderLines, orders, paymentAttempts } from './orders';
import type { organizations } from './organizations';
import type { persons } from './persons';
import type { perpetualLicenses, subscriptions } from './subscriptions';

// The row types of the tables, in one place beside the tables, so modules share them without
// importing each other.
export type OrganizationRow = typeof organizations.$inferSelect;
export type PersonRow = typeof persons.$inferSelect;
export type PlanRow = typeof pricingPlans.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type NewPerpetualLicense = typeof perpetualLicenses.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
