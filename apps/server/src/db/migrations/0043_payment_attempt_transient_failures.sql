-- Transient gateway failures (rate limit, 5xx, timeout) of an attempt still open: retried with
-- backoff a bounded number of times, then the attempt is given up as a decline (docs/design.md §3).
ALTER TABLE payment_attempts ADD COLUMN transient_failures integer NOT NULL DEFAULT 0;
