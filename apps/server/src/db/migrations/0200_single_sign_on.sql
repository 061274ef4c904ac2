-- Single sign-on with OpenID Connect (docs/decisions/036), written only by modules/sso.
-- One set-up per organization; the client secret is sealed with the server's key for secrets
-- (as two-factor secrets are), so a copy of the database alone does not yield it.
CREATE TABLE "sso_configs" (
  "organization_id" integer PRIMARY KEY REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "kind" text NOT NULL CHECK ("kind" IN ('oidc')),
  "issuer" text NOT NULL,
  "client_id" text NOT NULL,
  "client_secret_box" text NOT NULL,
  "enforced" boolean NOT NULL DEFAULT false,
  "updated_at" timestamp with time zone NOT NULL
);
-- A domain is claimed by one organization once verified; a pending claim (waiting for the operator)
-- reserves nothing, so several organizations may wait for the same domain.
CREATE TABLE "sso_domains" (
  "id" serial PRIMARY KEY,
  "organization_id" integer NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "domain" text NOT NULL,
  "verified_by" text CHECK ("verified_by" IN ('email', 'operator')),
  "verified_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL
);
CREATE UNIQUE INDEX "sso_domains_org_domain_unique" ON "sso_domains" ("organization_id", "domain");
CREATE UNIQUE INDEX "sso_domains_verified_unique" ON "sso_domains" ("domain") WHERE "verified_at" IS NOT NULL;
-- A sign-in started at the provider: state, nonce and PKCE verifier kept server-side, keyed by the
-- state's hash, single use (used_at), short-lived (expires_at); kept after use so a replay is told
-- apart from a forgery. The ticket is the one-time code the web trades for the session.
CREATE TABLE "sso_attempts" (
  "id" serial PRIMARY KEY,
  "state_hash" text NOT NULL UNIQUE,
  "organization_id" integer NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "nonce" text NOT NULL,
  "code_verifier" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "ticket_hash" text UNIQUE,
  "person_id" integer REFERENCES "persons" ("id") ON DELETE CASCADE,
  "ticket_expires_at" timestamp with time zone,
  "ticket_used_at" timestamp with time zone
);
CREATE INDEX "sso_attempts_expires_idx" ON "sso_attempts" ("expires_at");
