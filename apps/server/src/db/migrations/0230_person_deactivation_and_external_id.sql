-- SCIM provisioning (docs/decisions/038). A person the organization's identity provider deactivates
-- keeps their row, their history and their roles, but cannot sign in (deactivated_at set); the
-- provider's own id for the person (SCIM's externalId) is kept as it was sent. The persons trigger of
-- migration 0099 already announces every update, so each server forgets cached sessions at once.
ALTER TABLE "persons" ADD COLUMN "deactivated_at" timestamp with time zone;
ALTER TABLE "persons" ADD COLUMN "external_id" text;
CREATE INDEX "persons_org_external_id_idx" ON "persons" ("organization_id", "external_id") WHERE "external_id" IS NOT NULL;
