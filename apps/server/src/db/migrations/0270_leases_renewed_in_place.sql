-- A heartbeat rewrites a lease's renewed_at and expires_at many times an hour (docs/decisions/034).
-- With expires_at in an index, each renewal wrote a new entry into every index of the table; without
-- it, and with room left on each page, PostgreSQL renews the row in place (a HOT update) and the
-- indexes stay as they are. Every read of leases names its license, which the unique index
-- (subscription_id, fingerprint) finds as well: a license holds no more rows than its seats.
DROP INDEX "leases_subscription_expiry_idx";
ALTER TABLE "leases" SET (fillfactor = 70);
