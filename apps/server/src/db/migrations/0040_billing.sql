-- Billing engine (decision 007): the usage year of subscriptions with an annual usage reset, and the
-- indexes the scheduler's claims use.
ALTER TABLE "subscriptions" ADD COLUMN "usage_year_start" timestamp with time zone;
CREATE INDEX "orders_outstanding_due_idx" ON "orders" USING btree ("due_date") WHERE "status" IN (258, 264, 513, 514, 520);
CREATE INDEX "orders_charge_due_idx" ON "orders" USING btree ("next_attempt_at") WHERE "status" IN (258, 264);
CREATE INDEX "payment_attempts_started_idx" ON "payment_attempts" USING btree ("order_id") WHERE "status" = 'started';
