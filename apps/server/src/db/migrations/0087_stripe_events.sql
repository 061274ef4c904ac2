-- Stripe's webhook events (decision 018): each event id recorded once, with what it said, so a
-- replayed event is handled once; processed_at is set when its handling finished (until then a
-- redelivery handles it again, every handler being idempotent).
CREATE TABLE "stripe_events" (
  "id" text PRIMARY KEY,
  "type" text NOT NULL,
  "payload" jsonb NOT NULL,
  "received_at" timestamp with time zone NOT NULL DEFAULT now(),
  "deliveries" integer NOT NULL DEFAULT 1,
  "processed_at" timestamp with time zone,
  "outcome" text
);
-- A customer's dispute of a charge, beside the bill it paid (docs/design.md §3: disputes are records
-- beside the immutable bill); the operator answers it in Stripe's dashboard.
CREATE TABLE "disputes" (
  "id" text PRIMARY KEY,
  "order_id" integer REFERENCES "orders"("id"),
  "charge_id" text NOT NULL,
  "payment_intent_id" text,
  "amount_cents" integer NOT NULL,
  "reason" text NOT NULL,
  "status" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
CREATE INDEX "disputes_order_idx" ON "disputes" ("order_id");
