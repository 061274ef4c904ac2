-- The usage meter's alert mails (80 % and 100 % of the included RTUs, the cap reached): one row per
-- subscription, usage cycle and level, written when the mail is sent, so each goes out once per cycle
-- however many server processes record usage at the same time.
CREATE TABLE "usage_alerts" (
  "subscription_id" integer NOT NULL REFERENCES "subscriptions"("id") ON DELETE CASCADE,
  "cycle_end" date NOT NULL,
  "level" text NOT NULL,
  "sent_at" timestamp with time zone NOT NULL,
  CONSTRAINT "usage_alerts_pk" PRIMARY KEY ("subscription_id", "cycle_end", "level")
);
