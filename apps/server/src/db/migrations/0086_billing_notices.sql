-- The billing notices sent ahead of time (decision 018): a renewal reminder per subscription and
-- renewal date, a card-expiry warning per organization and renewal date. A row is written with the
-- notice's mail in one transaction, so each goes out once however many workers run.
CREATE TABLE "billing_notices" (
  "kind" text NOT NULL,
  "subject_id" integer NOT NULL,
  "due_on" date NOT NULL,
  "sent_at" timestamp with time zone NOT NULL,
  CONSTRAINT "billing_notices_pk" PRIMARY KEY ("kind", "subject_id", "due_on")
);
