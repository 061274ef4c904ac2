-- Throttle counters in the shape rate-limiter-flexible's PostgreSQL store reads and writes
-- (docs/decisions/011): the hand-written fixed-window table they replace is dropped with its rows.
DROP TABLE "rate_limits";
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL DEFAULT 0,
	"expire" bigint
);
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" ("expire");

-- Two-factor sign-in (TOTP, RFC 6238). The secret is encrypted at rest; a pending secret waits for
-- its first code; last_step is the last time step accepted, so each code is used once.
CREATE TABLE "two_factor_enrolments" (
	"person_id" integer PRIMARY KEY NOT NULL REFERENCES "persons"("id") ON DELETE CASCADE,
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"last_step" bigint NOT NULL DEFAULT 0,
	"setup_required" boolean NOT NULL DEFAULT false
);
CREATE TABLE "two_factor_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL REFERENCES "persons"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
CREATE INDEX "two_factor_recovery_codes_person_idx" ON "two_factor_recovery_codes" ("person_id");
CREATE TABLE "two_factor_policies" (
	"organization_id" integer PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"admins_required" boolean NOT NULL DEFAULT false
);

-- Housekeeping deletes expired sessions and spent links by their dates.
CREATE INDEX "sessions_expires_idx" ON "sessions" ("expires_at");
CREATE INDEX "one_time_tokens_expires_idx" ON "one_time_tokens" ("expires_at");
