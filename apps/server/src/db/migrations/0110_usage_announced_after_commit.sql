-- An engine's usage report adds to accrued_rtus_this_month, many times a second across a store. A
-- transaction that notifies holds PostgreSQL's notification lock from its commit until that commit
-- is flushed to disk, so with the announcement inside them every usage report committed one after
-- another, each waiting for the last one's flush. An update that changes nothing but that counter is
-- no longer announced at commit: the usage path announces it after its commit in a statement of its
-- own (announceUsageChanged), which writes nothing and holds the lock for no flush.
CREATE OR REPLACE FUNCTION store_notify_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM changed_rows n JOIN previous_rows o ON o.id = n.id
      WHERE to_jsonb(n) - 'accrued_rtus_this_month' IS DISTINCT FROM to_jsonb(o) - 'accrued_rtus_this_month'
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM store_notify_organizations(ARRAY(
      SELECT organization_id FROM changed_rows UNION SELECT organization_id FROM previous_rows));
  ELSE
    PERFORM store_notify_organizations(ARRAY(SELECT DISTINCT organization_id FROM changed_rows));
  END IF;
  RETURN NULL;
END $$;
