-- Billing: a renewal waits while the subscription has an overdue bill, found by subscription.
CREATE INDEX "order_lines_subscription_idx" ON "order_lines" USING btree ("subscription_id");
