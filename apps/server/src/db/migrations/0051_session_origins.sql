-- Where each session was opened from, so its owner can tell their sessions apart and end one
-- (ASVS 5.0 7.5.2). Sessions opened before this keep empty values.
ALTER TABLE "sessions" ADD COLUMN "user_agent" text NOT NULL DEFAULT '';
ALTER TABLE "sessions" ADD COLUMN "address" text NOT NULL DEFAULT '';
