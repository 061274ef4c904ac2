-- Promotion codes (docs/decisions/041). A code takes a percentage (basis points) or an amount (cents)
-- off each covered cycle: duration_cycles of them, or every cycle when null. `redemptions` is counted
-- by one conditional UPDATE, so it never passes max_redemptions however many checkouts race.
CREATE TABLE "promotion_codes" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" text NOT NULL UNIQUE,
  "percent_bp" integer,
  "amount_off_cents" integer,
  "duration_cycles" integer,
  "plan_ids" integer[] NOT NULL DEFAULT '{}',
  "expires_at" timestamp with time zone,
  "max_redemptions" integer,
  "redemptions" integer NOT NULL DEFAULT 0,
  "once_per_organization" boolean NOT NULL DEFAULT false,
  "is_active" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "deactivated_at" timestamp with time zone,
  CONSTRAINT "promotion_codes_code_check" CHECK ("code" ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
  CONSTRAINT "promotion_codes_terms_check" CHECK (("percent_bp" IS NULL) <> ("amount_off_cents" IS NULL)),
  CONSTRAINT "promotion_codes_percent_check" CHECK ("percent_bp" BETWEEN 1 AND 10000),
  CONSTRAINT "promotion_codes_amount_check" CHECK ("amount_off_cents" > 0),
  CONSTRAINT "promotion_codes_cycles_check" CHECK ("duration_cycles" > 0),
  CONSTRAINT "promotion_codes_redemptions_check" CHECK ("redemptions" >= 0 AND ("max_redemptions" IS NULL OR "redemptions" <= "max_redemptions"))
);
-- One row per redemption. A once-per-organization code has at most one per organization: the unique
-- index refuses the second even when two checkouts of one organization race.
CREATE TABLE "promotion_redemptions" (
  "id" serial PRIMARY KEY NOT NULL,
  "promotion_code_id" integer NOT NULL REFERENCES "promotion_codes"("id"),
  "organization_id" integer NOT NULL REFERENCES "organizations"("id"),
  "order_id" integer NOT NULL UNIQUE REFERENCES "orders"("id") ON DELETE CASCADE,
  "once_per_organization" boolean NOT NULL,
  "created_at" timestamp with time zone NOT NULL
);
CREATE UNIQUE INDEX "promotion_redemptions_once_unique" ON "promotion_redemptions" USING btree ("promotion_code_id", "organization_id") WHERE "once_per_organization";
CREATE INDEX "promotion_redemptions_code_idx" ON "promotion_redemptions" USING btree ("promotion_code_id");
-- The subscription remembers the redemption it was bought with and how many cycles were discounted,
-- so each renewal knows whether the code still covers it.
ALTER TABLE "subscriptions" ADD COLUMN "promotion_redemption_id" integer REFERENCES "promotion_redemptions"("id");
ALTER TABLE "subscriptions" ADD COLUMN "promotion_cycles_used" integer NOT NULL DEFAULT 0;
-- The discount is a line of the bill: the code and what it took off the line's amount.
ALTER TABLE "order_lines" ADD COLUMN "promotion_code" text;
ALTER TABLE "order_lines" ADD COLUMN "promotion_cents" integer NOT NULL DEFAULT 0;
