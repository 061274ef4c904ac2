-- The audit log (docs/decisions/017): who changed what, when and from where, written only by the
-- audit module inside the transaction of the change it records. No foreign keys: an entry outlives
-- the person or organization it names.
CREATE TABLE "audit_log" (
  "id" bigserial PRIMARY KEY,
  "at" timestamp with time zone NOT NULL,
  "organization_id" integer,
  "actor_kind" text NOT NULL CHECK ("actor_kind" IN ('person', 'operator', 'system')),
  "actor_person_id" integer,
  "actor_name" text,
  "kind" text NOT NULL,
  "subject" text NOT NULL,
  "summary" text NOT NULL,
  "before" jsonb,
  "after" jsonb,
  "address" text
);
CREATE INDEX "audit_log_organization_at_idx" ON "audit_log" ("organization_id", "at" DESC, "id" DESC);
CREATE INDEX "audit_log_at_idx" ON "audit_log" ("at" DESC, "id" DESC);
-- Append-only in the database itself, not only in the API: a trigger refuses every UPDATE, DELETE
-- and TRUNCATE, so neither a bug nor a hand-typed statement rewrites history (retention is the
-- operator's: dropping the trigger is a deliberate act). One line each: migrations split at line-end semicolons.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege'; END $$;
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
