-- SAML 2.0 single sign-on and the default role of people single sign-on brings (docs/decisions/037),
-- written only by modules/sso. A SAML set-up keeps what the identity provider's metadata names: its
-- entity id (in "issuer", the column OpenID Connect's issuer uses: both are the provider's name the
-- answer must carry), its sign-in URL and its signing certificates; no client id or secret.
ALTER TABLE "sso_configs" DROP CONSTRAINT "sso_configs_kind_check";
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_kind_check" CHECK ("kind" IN ('oidc', 'saml'));
ALTER TABLE "sso_configs" ALTER COLUMN "client_id" DROP NOT NULL;
ALTER TABLE "sso_configs" ALTER COLUMN "client_secret_box" DROP NOT NULL;
ALTER TABLE "sso_configs" ADD COLUMN "saml_sso_url" text;
-- The provider's signing certificates (base64 DER, one per line): a rollover lists two.
ALTER TABLE "sso_configs" ADD COLUMN "saml_certificates" text;
-- Where the metadata was read from, when an admin gave a URL: read again on each save (a refresh).
ALTER TABLE "sso_configs" ADD COLUMN "saml_metadata_url" text;
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_kind_fields_check" CHECK (
  ("kind" = 'oidc' AND "client_id" IS NOT NULL AND "client_secret_box" IS NOT NULL)
  OR ("kind" = 'saml' AND "saml_sso_url" IS NOT NULL AND "saml_certificates" IS NOT NULL)
);
-- The role a person created just in time gets besides user; never admin (core's SSO_DEFAULT_ROLES).
ALTER TABLE "sso_configs" ADD COLUMN "default_role" text NOT NULL DEFAULT 'user'
  CHECK ("default_role" IN ('user', 'billing', 'licenses', 'developer'));
-- A SAML sign-in's attempt is keyed by its AuthnRequest ID's hash (the answer's InResponseTo) and
-- has no nonce or PKCE verifier.
ALTER TABLE "sso_attempts" ALTER COLUMN "nonce" DROP NOT NULL;
ALTER TABLE "sso_attempts" ALTER COLUMN "code_verifier" DROP NOT NULL;
-- Assertion IDs already accepted, kept until the assertion's own end of validity: the same assertion
-- is refused a second time even inside an answer to another request.
CREATE TABLE "sso_saml_assertions" (
  "organization_id" integer NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "assertion_id" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("organization_id", "assertion_id")
);
CREATE INDEX "sso_saml_assertions_expires_idx" ON "sso_saml_assertions" ("expires_at");
