-- The gateway's deadline for a dispute's evidence (Stripe's evidence_details.due_by), so the console
-- lists what needs an answer first; null when the bank allows no answer or the event carried none.
ALTER TABLE "disputes" ADD COLUMN "evidence_due_by" timestamp with time zone;
