-- The operator voids a bill or writes it off as uncollectible (docs/decisions/029), saying why.
ALTER TABLE "orders" ADD COLUMN "closed_reason" text;

-- A bill written off within its grace (ChargeUncollectible 288, OfflineUncollectible 544) is given
-- up at its due date like an outstanding one, so the overdue claim reads it off the same index.
CREATE INDEX "orders_overdue_claim_grace_idx" ON "orders" USING btree ("due_date", "id") WHERE "status" IN (258, 264, 513, 514, 520, 288, 544);
DROP INDEX "orders_overdue_claim_idx";
ALTER INDEX "orders_overdue_claim_grace_idx" RENAME TO "orders_overdue_claim_idx";
