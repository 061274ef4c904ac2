-- The store's own organization holds the operators (rights bit 4). It is never a customer: no list,
-- search or sign-in choice a customer sees shows it (docs/decisions/015). At most one.
ALTER TABLE "organizations" ADD COLUMN "is_store" boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX "organizations_one_store" ON "organizations" ("is_store") WHERE "is_store";
