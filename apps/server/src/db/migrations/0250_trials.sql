-- Free trials (docs/decisions/043). A plan may offer a trial of 1 to 90 days, set by the operator; core's
-- trial rules check the same bounds first, the database keeps them as a last line.
ALTER TABLE "pricing_plans" ADD COLUMN "trial_days" integer;
ALTER TABLE "pricing_plans" ADD CONSTRAINT "pricing_plans_trial_days_check" CHECK ("trial_days" BETWEEN 1 AND 90);
-- A subscription bought as a trial remembers when the trial ends. Its first paid period starts then:
-- its next_base_billing_date is the trial's end until the billing engine converts it.
ALTER TABLE "subscriptions" ADD COLUMN "trial_ends_at" timestamp with time zone;
-- Each billing pass looks for running trials at their end, and the notices for those ending soon: the
-- index holds only trials still running, so it stays as small as they are however many have converted.
CREATE INDEX "subscriptions_running_trials_idx" ON "subscriptions" USING btree ("trial_ends_at")
  WHERE "trial_ends_at" IS NOT NULL AND "next_base_billing_date" = "trial_ends_at" AND "is_active"
    AND "deactivate_date" IS NULL;
-- One trial per organization and plan. The row is written in the transaction that records the checkout's
-- order, so of two checkouts racing for the same trial the primary key lets exactly one commit; a
-- checkout the card refuses gives the trial back with its order (ON DELETE CASCADE is for the order's
-- removal by tests and housekeeping only; the store deletes the row itself).
CREATE TABLE "plan_trials" (
  "organization_id" integer NOT NULL REFERENCES "organizations"("id"),
  "pricing_plan_id" integer NOT NULL REFERENCES "pricing_plans"("id"),
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "started_at" timestamp with time zone NOT NULL,
  CONSTRAINT "plan_trials_pk" PRIMARY KEY ("organization_id", "pricing_plan_id")
);
CREATE INDEX "plan_trials_order_idx" ON "plan_trials" USING btree ("order_id");
