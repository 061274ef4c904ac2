-- docs/design.md §5: the hosts of an offline license file change once per billing period unless the
-- operator allows more; each file issued by Enable Offline is recorded with the hosts it replaced.
ALTER TABLE "subscriptions" ADD COLUMN "offline_reissues_allowed" integer DEFAULT 0 NOT NULL;
CREATE TABLE "offline_license_issues" (
  "id" serial PRIMARY KEY NOT NULL,
  "subscription_id" integer NOT NULL REFERENCES "subscriptions"("id") ON DELETE CASCADE,
  "issued_at" timestamp with time zone NOT NULL,
  "period_start" timestamp with time zone NOT NULL,
  "engine_hosts" text NOT NULL,
  "designer_hosts" text NOT NULL,
  "replaced_engine_hosts" text,
  "replaced_designer_hosts" text
);
CREATE INDEX "offline_license_issues_subscription_idx" ON "offline_license_issues" USING btree ("subscription_id", "period_start");
