-- Refunds of paid bills and their credit notes (docs/design.md §3, docs/decisions/016): records beside the
-- bill, which stays as it was paid. `gateway_key` is derived from the row's id; a refund of a bill
-- paid by invoice goes back outside the gateway and records how (`offline_method`).
CREATE TABLE "refunds" (
  "id" serial PRIMARY KEY,
  "order_id" integer NOT NULL REFERENCES "orders"("id"),
  "organization_id" integer NOT NULL REFERENCES "organizations"("id"),
  "amount_cents" integer NOT NULL CHECK ("amount_cents" > 0),
  "reason" text NOT NULL,
  "offline_method" text,
  "end_subscription" boolean NOT NULL DEFAULT false,
  "status" text NOT NULL,
  "request_key" text,
  "request_hash" text,
  "gateway_key" text UNIQUE,
  "gateway_refund_id" text,
  "failure_message" text,
  "credit_note_number" text UNIQUE,
  "operator_person_id" integer REFERENCES "persons"("id"),
  "billed_to" jsonb,
  "created_at" timestamp with time zone NOT NULL,
  "refunded_at" timestamp with time zone
);
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");
CREATE INDEX "refunds_org_idx" ON "refunds" USING btree ("organization_id", "refunded_at");
CREATE UNIQUE INDEX "refunds_request_key_unique" ON "refunds" USING btree ("order_id", "request_key");
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("created_at") WHERE "status" IN ('started', 'pending');

-- A refund's credit note takes the next number of the year's series when the money has gone back.
CREATE FUNCTION number_credit_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.credit_note_number := next_document_number(NEW.refunded_at);
  RETURN NEW;
END;
$$;

CREATE TRIGGER "refunds_credit_note_number" BEFORE INSERT OR UPDATE OF "status" ON "refunds"
  FOR EACH ROW WHEN (NEW.credit_note_number IS NULL AND NEW.status = 'succeeded')
  EXECUTE FUNCTION number_credit_note();

-- The sandbox gateway's refunds, as Stripe test mode keeps them (decision 003).
CREATE TABLE "sandbox_refunds" (
  "id" text PRIMARY KEY,
  "idempotency_key" text NOT NULL UNIQUE,
  "charge_id" text NOT NULL,
  "amount_cents" integer NOT NULL,
  "status" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);

-- The customer's tax / VAT id, printed on its invoices and credit notes.
ALTER TABLE "organizations" ADD COLUMN "tax_id" text;
