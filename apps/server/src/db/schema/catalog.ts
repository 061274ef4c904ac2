import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId } from './columns';

/** A product of the catalogue; `name` is the {productName} of Products/{productName}. */
export const products = pgTable('products', {
  id: serialId(),
  product: integer('product').notNull().unique(),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isAvailable: boolean('is_available').notNull().default(true),
  // The end-user agreement: a PDF file name under the server's assets, or sanitized HTML.
  eulaPdf: text('eula_pdf'),
  eulaHtml: text('eula_html'),
  /** A PDF uploaded in the operator console, base64 (migration 0072); wins over eulaPdf. */
  eulaPdfBase64: text('eula_pdf_base64'),
});

export const pricingPlans = pgTable('pricing_plans', {
  id: serialId(),
  product: integer('product').notNull(),
  planName: text('plan_name').notNull(),
  description: text('description').notNull().default(''),
  monthlyFeeCents: integer('monthly_fee_cents').notNull(),
  isAvailable: boolean('is_available').notNull().default(true),
  isChargePerReport: boolean('is_charge_per_report').notNull().default(false),
  isBatchMode: boolean('is_batch_mode').notNull().default(false),
  baseRtus: integer('base_rtus').notNull().default(0),
  overagePerRtuMicros: bigint('overage_per_rtu_micros', { mode: 'number' }).notNull().default(0),
  numRtusPerReport: integer('num_rtus_per_report').notNull().default(1),
  numPagesInBaseReportCharge: integer('num_pages_in_base_report_charge').notNull().default(1),
  numPagesPerRtu: integer('num_pages_per_rtu').notNull().default(1),
  numAutoTags: integer('num_auto_tags').notNull().default(0),
  xtraAutoTagPerMonthCents: integer('xtra_auto_tag_per_month_cents').notNull().default(0),
  allowXtraAutoTag: boolean('allow_xtra_auto_tag').notNull().default(false),
  numberCores: integer('number_cores').notNull().default(0),
  numberThreads: integer('number_threads').notNull().default(0),
  maxReportsDay: integer('max_reports_day').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  // Days a machine may stay silent before its seat is released; null: the store's default (docs/design.md §5).
  heartbeatWindowDays: integer('heartbeat_window_days'),
  // 'node-locked' or 'floating' (docs/decisions/034, migration 0180); floating engines lease seats.
  seatModel: text('seat_model').notNull().default('node-locked'),
  // A floating plan's lease length in minutes; null: the default (15).
  leaseMinutes: integer('lease_minutes'),
  // Days a lease may be borrowed for offline use; 0: never.
  borrowDays: integer('borrow_days').notNull().default(0),
  // The features the plan licenses, sorted by name (docs/decisions/039, migration 0185).
  entitlements: text('entitlements').array().notNull().default(sql`'{}'::text[]`),
  // Days of the free trial a checkout starts; null: no trial (docs/decisions/043, migration 0250).
  trialDays: integer('trial_days'),
});
