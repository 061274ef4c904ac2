-- 3-D Secure in the sandbox (docs/decisions/024): a charge waiting for the customer's authentication
-- carries a client secret, as a Stripe PaymentIntent does; the sandbox's challenge dialog completes or
-- fails the charge it names, and nothing else can.
ALTER TABLE "sandbox_charges" ADD COLUMN "client_secret" text;
CREATE UNIQUE INDEX "sandbox_charges_client_secret_idx" ON "sandbox_charges" ("client_secret")
  WHERE "client_secret" IS NOT NULL;
