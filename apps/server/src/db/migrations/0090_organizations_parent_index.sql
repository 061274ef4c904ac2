-- Every signed-in list reads an organization's sub-accounts (subscriptions, bills): found by index
-- rather than by reading every organization.
CREATE INDEX "organizations_parent_idx" ON "organizations" USING btree ("parent_organization_id");
