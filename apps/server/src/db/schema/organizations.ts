import { type AnyPgColumn, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, timestamptz } from './columns';

/** A customer organization; sub-accounts point at their parent (docs/design.md §2). */
export const organizations = pgTable(
  'organizations',
  {
    id: serialId(),
    companyName: text('company_name').notNull(),
    parentOrganizationId: integer('parent_organization_id').references((): AnyPgColumn => organizations.id),
    discountBp: integer('discount_bp').notNull().default(0),
    allowMonthly: boolean('allow_monthly').notNull().default(true),
    isPerpetualAccount: boolean('is_perpetual_account').notNull().default(false),
    billedByInvoice: boolean('billed_by_invoice').notNull().default(false),
    /** Days an invoice gives to pay: net 14, 30 or 60 (migration 0140, docs/decisions/030). */
    paymentTermsDays: integer('payment_terms_days').notNull().default(14),
    // The organization's postal address, from registration.
    addr1: text('addr1').notNull().default(''),
    addr2: text('addr2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    zip: text('zip').notNull().default(''),
    // Billing information (Modify Billing Info). The card itself lives at the gateway only.
    billingName: text('billing_name'),
    billingCompany: text('billing_company'),
    billingAddr1: text('billing_addr1'),
    billingAddr2: text('billing_addr2'),
    billingCity: text('billing_city'),
    billingState: text('billing_state'),
    billingCountry: text('billing_country'),
    billingZip: text('billing_zip'),
    gatewayCustomerId: text('gateway_customer_id'),
    paymentMethodId: text('payment_method_id'),
    cardLastFour: text('card_last_four'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    cardBrand: text('card_brand'),
    // The customer's tax / VAT id, printed on its invoices and credit notes.
    taxId: text('tax_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The store's own organization, which holds the operators; never shown to customers. */
    isStore: boolean('is_store').notNull().default(false),
  },
  (t) => [index('organizations_parent_idx').on(t.parentOrganizationId)],
);
