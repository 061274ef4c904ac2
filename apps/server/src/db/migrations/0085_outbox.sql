-- Customer mail goes through an outbox (docs/design.md §3, decision 018): each mail is a row written in
-- the transaction that causes it and sent by the outbox sender, retried with backoff until the SMTP
-- server takes it. The Message-ID is fixed per row, so a mail sent twice (a sender killed after the
-- server took it, before the row was marked) carries the same Message-ID both times.
CREATE TABLE "outbox" (
  "id" bigserial PRIMARY KEY,
  "message_id" text NOT NULL DEFAULT (gen_random_uuid()::text),
  "to_address" text NOT NULL,
  "subject" text NOT NULL,
  "text_body" text NOT NULL,
  "html_body" text,
  "attachments" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "next_attempt_at" timestamp with time zone NOT NULL DEFAULT now(),
  "attempts" integer NOT NULL DEFAULT 0,
  "last_error" text,
  "sent_at" timestamp with time zone
);
CREATE INDEX "outbox_due" ON "outbox" ("next_attempt_at") WHERE "sent_at" IS NULL;
