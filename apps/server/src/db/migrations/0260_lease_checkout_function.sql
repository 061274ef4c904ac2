-- The engines' checkouts of floating seats, a batch in one call (docs/decisions/045): the round trips
-- of a transaction (begin, lock, count, insert, commit), each a wait on a busy machine, become one
-- statement. The rules are those of docs/decisions/034, applied to the calls one after another in
-- their order: the licenses' row locks first (in id order, as every batch takes them), then leases
-- that ended by themselves are cleared; a fingerprint holding a live lease renews it (and its host
-- name); any other takes a seat below the limit, or is refused with when the next lease ends. Each
-- statement of a PL/pgSQL function reads a fresh snapshot under READ COMMITTED, so the counts see
-- every lease committed before the locks were granted, and the calls before it in the batch.
-- Licensing writes leases; this function is licensing's (lease-batches.repository.ts calls it).
CREATE FUNCTION checkout_leases(calls jsonb, at timestamptz)
RETURNS TABLE (ord integer, outcome text, lease jsonb, next_ends_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  c record;
  taken leases;
  held integer;
  soonest timestamptz;
  licenses integer[];
BEGIN
  SELECT array_agg(DISTINCT (e ->> 'subscriptionId')::integer) INTO licenses FROM jsonb_array_elements(calls) AS e;
  PERFORM 1 FROM subscriptions WHERE id = ANY (licenses) ORDER BY id FOR UPDATE;
  DELETE FROM leases WHERE subscription_id = ANY (licenses) AND expires_at <= at;
  FOR c IN
    SELECT r.*
    FROM jsonb_to_recordset(calls)
      AS r(seq integer, id uuid, "subscriptionId" integer, fingerprint text, hostname text, "expiresAt" timestamptz, "limit" integer)
    ORDER BY r.seq
  LOOP
    ord := c.seq;
    next_ends_at := NULL;
    UPDATE leases AS l
    SET renewed_at = at, expires_at = greatest(l.expires_at, c."expiresAt"), hostname = c.hostname
    WHERE l.subscription_id = c."subscriptionId" AND l.fingerprint = c.fingerprint AND l.expires_at > at
    RETURNING l.* INTO taken;
    IF FOUND THEN
      outcome := 'held';
      lease := to_jsonb(taken);
      RETURN NEXT;
      CONTINUE;
    END IF;
    SELECT count(*)::integer, min(l.expires_at) INTO held, soonest
    FROM leases AS l WHERE l.subscription_id = c."subscriptionId" AND l.expires_at > at;
    IF c."limit" IS NOT NULL AND held >= c."limit" THEN
      outcome := 'full';
      lease := NULL;
      next_ends_at := soonest;
      RETURN NEXT;
      CONTINUE;
    END IF;
    INSERT INTO leases (id, subscription_id, fingerprint, hostname, started_at, renewed_at, expires_at)
    VALUES (c.id, c."subscriptionId", c.fingerprint, c.hostname, at, at, c."expiresAt")
    RETURNING * INTO taken;
    outcome := 'new';
    lease := to_jsonb(taken);
    RETURN NEXT;
  END LOOP;
END
$$;
