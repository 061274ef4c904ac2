-- Why customers cancel (docs/decisions/035): one row per cancellation by a customer, with the plan
-- it was on, so the console counts reasons per month and plan even after a plan changes or retires.
-- The reason and text are optional; the checks repeat core's list and length for any other writer.
CREATE TABLE "subscription_cancellations" (
  "id" serial PRIMARY KEY NOT NULL,
  "subscription_id" integer NOT NULL REFERENCES "subscriptions"("id") ON DELETE CASCADE,
  "pricing_plan_id" integer NOT NULL REFERENCES "pricing_plans"("id"),
  "cancelled_at" timestamp with time zone NOT NULL,
  "reason" text,
  "comment" text,
  CONSTRAINT "subscription_cancellations_reason_check" CHECK ("reason" IN ('too-expensive', 'missing-feature', 'switched-product', 'no-longer-needed', 'other')),
  CONSTRAINT "subscription_cancellations_comment_check" CHECK (char_length("comment") <= 500)
);
CREATE INDEX "subscription_cancellations_cancelled_at_idx" ON "subscription_cancellations" USING btree ("cancelled_at");
