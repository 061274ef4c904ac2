-- The billing engine's claims take the oldest due rows first (ORDER BY next_attempt_at, id and
-- ORDER BY due_date, id). Indexes in that order let a claim read its batch off the index instead of
-- sorting every open bill for each batch; they replace the single-column ones of 0040.
CREATE INDEX "orders_charge_claim_idx" ON "orders" USING btree ("next_attempt_at", "id") WHERE "status" IN (258, 264) AND "kind" IN ('renewal', 'overage');
DROP INDEX "orders_charge_due_idx";
CREATE INDEX "orders_overdue_claim_idx" ON "orders" USING btree ("due_date", "id") WHERE "status" IN (258, 264, 513, 514, 520);
DROP INDEX "orders_outstanding_due_idx";
-- Only the charge claim reads next_attempt_at; every change of it also rewrote this index.
DROP INDEX "orders_retry_idx";
