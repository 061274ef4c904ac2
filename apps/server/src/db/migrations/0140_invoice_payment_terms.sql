-- Payment terms of invoice customers (docs/decisions/030): an organization billed by invoice pays its
-- invoices net 14 (the 14 days invoices always had), net 30 or net 60 after their date.
ALTER TABLE "organizations" ADD COLUMN "payment_terms_days" integer NOT NULL DEFAULT 14
  CONSTRAINT "organizations_payment_terms_days" CHECK ("payment_terms_days" IN (14, 30, 60));

-- An invoice is mailed to its organization's admins when it is issued; `invoice_sent_at` is when its
-- mail was written to the outbox. `grace_ends_at` is when its subscriptions stop if it is still
-- unpaid: core's invoiceGraceEnd, set with `invoice_sent_at`, so an invoice never mailed never ends
-- a subscription. A card bill leaves it empty: its due date is the end of its grace, as before.
ALTER TABLE "orders" ADD COLUMN "invoice_sent_at" timestamp with time zone;
ALTER TABLE "orders" ADD COLUMN "grace_ends_at" timestamp with time zone;

-- Invoices given up or written off before invoices were mailed keep the end they had. Open ones
-- (OfflineInvoice 513, OfflinePending 514, OfflinePastDue 520) were never mailed: they are mailed
-- now, and their grace runs from their due date or from that mail, whichever is later.
UPDATE "orders" SET "grace_ends_at" = "due_date"
  WHERE "status" & 512 <> 0 AND "status" NOT IN (513, 514, 520) AND "due_date" IS NOT NULL;

-- The engine's claims: open invoices not mailed yet, and invoices whose grace has ended (the
-- overdue claim reads card bills off orders_overdue_claim_idx by their due date).
CREATE INDEX "orders_invoice_unsent_idx" ON "orders" USING btree ("id")
  WHERE "status" IN (513, 514, 520) AND "invoice_sent_at" IS NULL;
CREATE INDEX "orders_invoice_grace_idx" ON "orders" USING btree ("grace_ends_at", "id")
  WHERE "status" IN (513, 514, 520, 544);

-- The reminders of an unpaid invoice (core's INVOICE_REMINDERS): a row per invoice and reminder,
-- written with the reminder's mails in one transaction, so each goes out once however many workers run.
CREATE TABLE "invoice_reminders" (
  "order_id" integer NOT NULL REFERENCES "orders" ("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "sent_at" timestamp with time zone NOT NULL,
  CONSTRAINT "invoice_reminders_pk" PRIMARY KEY ("order_id", "kind")
);
