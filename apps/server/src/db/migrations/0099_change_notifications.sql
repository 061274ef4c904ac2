-- Every server process keeps the signed-in reads it answers most (the session behind a bearer token,
-- an organization's subscription list) in memory and forgets them when the rows they were read from
-- change (docs/decisions/021). The database says what changed, whoever changed it (another server, the
-- worker, the operator's command line, a migration), on one channel, at commit:
--   'auth'           a session ended, or a person, organization or two-factor setting changed
--   'orgs:1,2,…'     subscriptions or organization rows of these organizations (and their parents) changed
--   'orgs:*'         the catalogue changed (every list shows plans), or too many to name
-- Statement-level triggers: one notification per statement, however many rows it wrote.

CREATE FUNCTION store_notify_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_changes', 'auth');
  RETURN NULL;
END $$;

CREATE FUNCTION store_notify_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_changes', 'orgs:*');
  RETURN NULL;
END $$;

-- The organizations named, and the parents whose lists show their sub-accounts' subscriptions.
CREATE FUNCTION store_notify_organizations(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  SELECT string_agg(DISTINCT id::text, ',') INTO payload FROM (
    SELECT unnest(ids) AS id
    UNION
    SELECT parent_organization_id FROM organizations
    WHERE id = ANY (ids) AND parent_organization_id IS NOT NULL
  ) named WHERE id IS NOT NULL;
  IF payload IS NULL THEN RETURN; END IF;
  -- pg_notify's payload stops short of 8,000 bytes.
  IF length(payload) > 7000 THEN payload := '*'; END IF;
  PERFORM pg_notify('store_changes', 'orgs:' || payload);
END $$;

-- Transition tables are named changed_rows (and, on UPDATE, previous_rows) by every trigger below.
CREATE FUNCTION store_notify_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM store_notify_organizations(ARRAY(
      SELECT organization_id FROM changed_rows UNION SELECT organization_id FROM previous_rows));
  ELSE
    PERFORM store_notify_organizations(ARRAY(SELECT DISTINCT organization_id FROM changed_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION store_notify_organization_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_changes', 'auth');
  IF TG_OP = 'UPDATE' THEN
    PERFORM store_notify_organizations(ARRAY(
      SELECT id FROM changed_rows UNION SELECT parent_organization_id FROM changed_rows
      UNION SELECT parent_organization_id FROM previous_rows));
  ELSE
    PERFORM store_notify_organizations(ARRAY(
      SELECT id FROM changed_rows UNION SELECT parent_organization_id FROM changed_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER subscriptions_changes_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION store_notify_subscriptions();
CREATE TRIGGER subscriptions_changes_update AFTER UPDATE ON subscriptions
  REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_subscriptions();
CREATE TRIGGER subscriptions_changes_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION store_notify_subscriptions();

CREATE TRIGGER organizations_changes_insert AFTER INSERT ON organizations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION store_notify_organization_rows();
CREATE TRIGGER organizations_changes_update AFTER UPDATE ON organizations
  REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_organization_rows();
CREATE TRIGGER organizations_changes_delete AFTER DELETE ON organizations
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION store_notify_organization_rows();

CREATE TRIGGER pricing_plans_changes AFTER INSERT OR UPDATE OR DELETE ON pricing_plans
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_catalogue();
CREATE TRIGGER products_changes AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_catalogue();

-- A new session changes nothing cached; its sliding expiry (last_used_at, expires_at) is checked
-- against the cached copy, so only an ended session or a moved token is news.
CREATE TRIGGER sessions_changes_delete AFTER DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_auth();
CREATE TRIGGER sessions_changes_update AFTER UPDATE OF token_hash, person_id ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_auth();
CREATE TRIGGER persons_changes AFTER UPDATE OR DELETE ON persons
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_auth();
CREATE TRIGGER two_factor_enrolments_changes AFTER INSERT OR UPDATE OR DELETE ON two_factor_enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_auth();
CREATE TRIGGER two_factor_policies_changes AFTER INSERT OR UPDATE OR DELETE ON two_factor_policies
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_auth();
