-- Organization API tokens (docs/decisions/026): an admin makes them for the organization's own
-- programs. Only the token's SHA-256 is kept, with the prefix and first characters the list shows
-- ("start"); a revoked token keeps its row (revoked_at), so the list of who made what stays whole.
CREATE TABLE "api_tokens" (
  "id" serial PRIMARY KEY,
  "organization_id" integer NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "token_hash" text NOT NULL UNIQUE,
  "start" text NOT NULL,
  "scopes" text[] NOT NULL,
  "created_by_person_id" integer REFERENCES "persons" ("id") ON DELETE SET NULL,
  "created_by_name" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone,
  "last_used_at" timestamp with time zone,
  "last_used_address" text,
  "revoked_at" timestamp with time zone
);
CREATE INDEX "api_tokens_organization_idx" ON "api_tokens" ("organization_id", "created_at");
-- A token's context is kept in the sessions' read cache (docs/decisions/021): revoking one (or any
-- change to what it may do) is announced as 'auth' at commit, so every server forgets it at once.
-- Its last use (last_used_at, last_used_address) is news to nobody.
CREATE TRIGGER "api_tokens_changes_update" AFTER UPDATE OF "revoked_at", "expires_at", "scopes", "name", "token_hash", "organization_id" ON "api_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_auth();
CREATE TRIGGER "api_tokens_changes_delete" AFTER DELETE ON "api_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_auth();
-- The Activity log names a token's calls as the token (docs/design.md §5a "Who calls").
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_kind_check";
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_kind_check"
  CHECK ("actor_kind" IN ('person', 'operator', 'system', 'api-token'));
