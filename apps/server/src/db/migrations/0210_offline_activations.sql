-- Offline activation by request file (docs/decisions/040), written only by modules/licensing.
-- Each license file the portal signed for an engine's activation request: bound to the machine's
-- fingerprint, it holds a seat like an activated machine until it is released with its release code
-- or it expires. The file's usage key is derived from the server's key and the id, never stored.
CREATE TABLE "offline_activations" (
  "id" uuid PRIMARY KEY,
  "subscription_id" integer NOT NULL REFERENCES "subscriptions" ("id") ON DELETE CASCADE,
  "kind" text NOT NULL CHECK ("kind" IN ('engine', 'designer')),
  "fingerprint" text NOT NULL,
  "hostname" text NOT NULL,
  "engine_version" text NOT NULL,
  "nonce" text NOT NULL,
  "issued_at" timestamptz NOT NULL,
  "expires_at" timestamptz,
  "released_at" timestamptz,
  "released_by" text CHECK ("released_by" IN ('code', 'replaced'))
);
CREATE INDEX "offline_activations_subscription_idx" ON "offline_activations" ("subscription_id", "kind");

-- Usage an offline site reported for a usage month that was already billed: what it adds to that
-- month's overage, billed once on the subscription's next overage bill (billed_at set in its transaction).
CREATE TABLE "late_overage" (
  "id" serial PRIMARY KEY,
  "subscription_id" integer NOT NULL REFERENCES "subscriptions" ("id") ON DELETE CASCADE,
  "month_start" timestamptz NOT NULL,
  "rtus" bigint NOT NULL,
  "amount_cents" integer NOT NULL CHECK ("amount_cents" >= 0),
  "recorded_at" timestamptz NOT NULL,
  "billed_at" timestamptz
);
CREATE INDEX "late_overage_unbilled_idx" ON "late_overage" ("subscription_id") WHERE "billed_at" IS NULL;
