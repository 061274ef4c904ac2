-- The charge lease belongs to whoever is about to call the gateway (docs/decisions/007). Every claim
-- of a bill for a charge takes the next `charge_lease`; right before calling the gateway the claimant
-- takes it once more with a compare-and-set on the one it was given, so a claimant whose lease ended
-- while it waited (and another took the bill over) finds it taken and charges nothing.
ALTER TABLE "orders" ADD COLUMN "charge_lease" integer DEFAULT 0 NOT NULL;
-- When the lease of the last gateway call made with an attempt's key ends: until then a call with
-- that key may still be running, so the key is never replaced by a new one before (NULL: no call
-- with it was answered, so it is charged again as it is, which is idempotent).
ALTER TABLE "payment_attempts" ADD COLUMN "sent_until" timestamp with time zone;
