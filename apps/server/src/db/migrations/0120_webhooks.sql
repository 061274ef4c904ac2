-- Webhooks to customer organizations' systems (docs/design.md §5a "Events", docs/decisions/027).
-- An event is written in the transaction that causes it, with one delivery per endpoint that takes
-- it (the organization's own, and its parent's without secrets); the webhook sender sends each
-- delivery at least once, in order per subscription, and logs every attempt.
CREATE TABLE "webhook_endpoints" (
  "id" serial PRIMARY KEY,
  "organization_id" integer NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  -- Empty: every event, those added later too.
  "event_types" text[] NOT NULL DEFAULT '{}',
  -- Sealed with the server's secret key (lib/secret-box.ts): the store must sign with it again.
  "secret_box" text NOT NULL,
  "previous_secret_box" text,
  "previous_secret_until" timestamp with time zone,
  "enabled" boolean NOT NULL DEFAULT true,
  "disabled_reason" text,
  "created_by_name" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL
);
CREATE INDEX "webhook_endpoints_organization_idx" ON "webhook_endpoints" ("organization_id");

CREATE TABLE "webhook_events" (
  "id" bigserial PRIMARY KEY,
  -- Sent as webhook-id: the same on every attempt, so a receiver can drop a message it already has.
  "message_id" text NOT NULL UNIQUE,
  "organization_id" integer NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "data" jsonb NOT NULL,
  "created_at" timestamp with time zone NOT NULL
);

CREATE TABLE "webhook_deliveries" (
  "id" bigserial PRIMARY KEY,
  "event_id" bigint NOT NULL REFERENCES "webhook_events" ("id") ON DELETE CASCADE,
  "endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE,
  -- The parent organization's copy of a sub-account's event: sent without the sub-account's secrets.
  "for_parent" boolean NOT NULL DEFAULT false,
  -- Messages with the same key reach an endpoint in the order they were made ('subscription:7').
  "ordering_key" text NOT NULL,
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'retrying', 'delivered', 'failed')),
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamp with time zone NOT NULL,
  -- A sender holds a delivery until then while it sends; one killed mid-send lets it go by itself.
  "lease_until" timestamp with time zone,
  "first_failed_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL
);
-- What the sender looks for: the unfinished deliveries, oldest first per endpoint and key.
CREATE INDEX "webhook_deliveries_unfinished" ON "webhook_deliveries" ("endpoint_id", "ordering_key", "id")
  WHERE "status" IN ('pending', 'retrying');
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at")
  WHERE "status" IN ('pending', 'retrying');
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "id");

CREATE TABLE "webhook_attempts" (
  "id" bigserial PRIMARY KEY,
  "delivery_id" bigint NOT NULL REFERENCES "webhook_deliveries" ("id") ON DELETE CASCADE,
  "at" timestamp with time zone NOT NULL,
  "status_code" integer,
  "duration_ms" integer NOT NULL,
  "answer" text NOT NULL DEFAULT '',
  "error" text,
  "manual" boolean NOT NULL DEFAULT false
);
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" ("delivery_id", "id");
