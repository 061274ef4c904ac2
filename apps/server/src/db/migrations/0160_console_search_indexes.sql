-- The console finds an organization by a charge's gateway reference and by its card's last four
-- digits (docs/decisions/032); without these each search reads every attempt and organization.
CREATE INDEX IF NOT EXISTS "payment_attempts_gateway_charge_idx" ON "payment_attempts" ("gateway_charge_id");
CREATE INDEX IF NOT EXISTS "organizations_card_last_four_idx" ON "organizations" ("card_last_four");
