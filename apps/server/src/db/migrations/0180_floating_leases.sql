-- Floating seats (docs/decisions/034): a plan's engines are node-locked (activated machines, as
-- before) or floating, leased for lease_minutes (null: the default, 15) and borrowable for offline use
-- for up to borrow_days (0: never). The catalogue writes these columns.
ALTER TABLE "pricing_plans" ADD COLUMN "seat_model" text NOT NULL DEFAULT 'node-locked';
ALTER TABLE "pricing_plans" ADD COLUMN "lease_minutes" integer;
ALTER TABLE "pricing_plans" ADD COLUMN "borrow_days" integer NOT NULL DEFAULT 0;
ALTER TABLE "pricing_plans" ADD CONSTRAINT "pricing_plans_seat_model_check" CHECK ("seat_model" IN ('node-locked', 'floating'));

-- A lease holds a seat of a floating license while expires_at is in the future; counting reads the
-- clock of the moment, so a lease nobody renews frees its seat without a job. Licensing writes it.
-- One row per fingerprint and license: the same machine never holds two seats.
CREATE TABLE "leases" (
  "id" uuid PRIMARY KEY,
  "subscription_id" integer NOT NULL REFERENCES "subscriptions" ("id") ON DELETE CASCADE,
  "fingerprint" text NOT NULL,
  "hostname" text NOT NULL,
  "started_at" timestamptz NOT NULL,
  "renewed_at" timestamptz NOT NULL,
  "expires_at" timestamptz NOT NULL,
  "borrowed_at" timestamptz
);
CREATE UNIQUE INDEX "leases_fingerprint_unique" ON "leases" ("subscription_id", "fingerprint");
CREATE INDEX "leases_subscription_expiry_idx" ON "leases" ("subscription_id", "expires_at");
