-- Small bills waiting to be carried into their subscription's next bill (status Pending, core's
-- CARRY_PENDING_STATUS) are looked up for every batch of renewals (carriesOf) and once per billing
-- pass (writeOffEndedCarries). Without an index each lookup read every bill: at 100,000 renewals a
-- fifth of the run (docs/decisions/019). Few bills are ever in that status, so the index stays small.
CREATE INDEX "orders_carry_pending_idx" ON "orders" USING btree ("id") WHERE "status" = 2;
