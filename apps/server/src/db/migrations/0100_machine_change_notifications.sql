-- Validations read a license's machines from memory too (docs/decisions/021): the database announces
-- 'machines:1,2,…', the subscriptions whose machines were activated, seen, released or cleared.
CREATE FUNCTION store_notify_machines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  SELECT string_agg(DISTINCT subscription_id::text, ',') INTO payload FROM changed_rows;
  IF payload IS NULL THEN RETURN NULL; END IF;
  -- pg_notify's payload stops short of 8,000 bytes.
  IF length(payload) > 7000 THEN payload := '*'; END IF;
  PERFORM pg_notify('store_changes', 'machines:' || payload);
  RETURN NULL;
END $$;

-- A machine stays with its subscription, so the new rows name every subscription an update touched.
CREATE TRIGGER machine_activations_changes_insert AFTER INSERT ON machine_activations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION store_notify_machines();
CREATE TRIGGER machine_activations_changes_update AFTER UPDATE ON machine_activations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION store_notify_machines();
CREATE TRIGGER machine_activations_changes_delete AFTER DELETE ON machine_activations
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION store_notify_machines();
