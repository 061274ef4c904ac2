-- docs/design.md §5 (Keygen's model): a machine holds its seat while it is seen within the heartbeat
-- window. Machines activated before heartbeats existed count as seen now, so each gets a whole
-- window to send its first heartbeat instead of losing its seat on the day this runs.
ALTER TABLE "machine_activations" ADD COLUMN "last_seen_at" timestamp with time zone;
UPDATE "machine_activations" SET "last_seen_at" = greatest("activated_at", now());
ALTER TABLE "machine_activations" ALTER COLUMN "last_seen_at" SET NOT NULL;
-- A plan's own heartbeat window in days; null takes the store's default (HEARTBEAT_WINDOW_DAYS).
ALTER TABLE "pricing_plans" ADD COLUMN "heartbeat_window_days" integer;
