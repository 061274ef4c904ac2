-- Editor decreases (plan down, fewer engines or designers) wait for the next renewal
-- (docs/design.md §3). The renewal applies these and clears them; a later save replaces them.
ALTER TABLE "subscriptions" ADD COLUMN "pending_pricing_plan_id" integer REFERENCES "pricing_plans"("id");
ALTER TABLE "subscriptions" ADD COLUMN "pending_xtra_auto_tags" integer;
ALTER TABLE "subscriptions" ADD COLUMN "pending_number_machines" integer;
-- Engines look their subscription up by license key on every call (already unique-indexed);
-- the usage screen and the activation count read per subscription and kind.
CREATE INDEX "machine_activations_sub_kind_idx" ON "machine_activations" USING btree ("subscription_id","kind");
