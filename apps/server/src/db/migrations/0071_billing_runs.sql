-- Each billing run the operator starts, and each scheduled run that did something or failed, with
-- its counts: the console's Billing runs screen (docs/decisions/015). Written by billing-runs.ts only.
CREATE TABLE "billing_runs" (
  "id" serial PRIMARY KEY,
  "trigger" text NOT NULL,
  "started_at" timestamptz NOT NULL,
  "finished_at" timestamptz,
  "renewed" integer NOT NULL DEFAULT 0,
  "charged" integer NOT NULL DEFAULT 0,
  "declined" integer NOT NULL DEFAULT 0,
  "deactivated" integer NOT NULL DEFAULT 0,
  "invoiced" integer NOT NULL DEFAULT 0,
  "error" text
);
CREATE INDEX "billing_runs_started_idx" ON "billing_runs" ("started_at");
-- How an offline invoice was paid (a cheque number, a transfer reference), as the operator recorded it.
ALTER TABLE "orders" ADD COLUMN "paid_reference" text;
