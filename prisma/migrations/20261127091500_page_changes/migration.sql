-- What the page cache (lib/page-cache/) needs to know: whether a transaction that
-- could change a cached page has committed since the page was rendered.
-- DataChange (20261127030000_data_changes) already records the licensee of every
-- change of the list tables (advertisers, campaigns, strategies, hourly delivery).
-- Here every other table a cached page reads records a scope too, in the same
-- "licenseeId" column:
--   its licensee ("licenseeId", or a Licensee row's own id);
--   else its user, as the negative user id (settings, revoked sessions, users);
--   else -2147483648, "shared": data of no one licensee (reference data, rows
--   scoped only through their parent, a NULL licensee): every cached page is stale.
-- The read cache (lib/data/read-cache.ts) checks licensee scopes and 0 only, so
-- user and shared scopes never drop its entries.
-- tests/integration/page-changes.test.ts holds the tables left out, each with why.

-- One function per scope, with static SQL: PL/pgSQL keeps their plans (a
-- dynamic statement would be planned again at every write). The licensee
-- function of 20261127030000_data_changes now also takes a NULL licensee
-- (shared presets and themes) as shared data; its tables never hold one.
CREATE OR REPLACE FUNCTION data_change_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DataChange" ("licenseeId", "xid")
  SELECT DISTINCT COALESCE(c."licenseeId", -2147483648), pg_current_xact_id()::text::bigint FROM changed_rows c
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION data_change_record_licensee_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DataChange" ("licenseeId", "xid")
  SELECT DISTINCT c."id", pg_current_xact_id()::text::bigint FROM changed_rows c
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION data_change_record_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DataChange" ("licenseeId", "xid")
  SELECT DISTINCT -c."userId", pg_current_xact_id()::text::bigint FROM changed_rows c
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION data_change_record_user_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DataChange" ("licenseeId", "xid")
  SELECT DISTINCT -c."id", pg_current_xact_id()::text::bigint FROM changed_rows c
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Only when the statement changed a row: a write of nothing stales nothing.
CREATE FUNCTION data_change_record_shared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DataChange" ("licenseeId", "xid")
  SELECT -2147483648, pg_current_xact_id()::text::bigint WHERE EXISTS (SELECT 1 FROM changed_rows)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
  fn text;
  scopes text[][] := ARRAY[
    -- licensee (a NULL licensee: shared)
    ['ActivityLog', 'data_change_record'], ['AdvertiserSetting', 'data_change_record'],
    ['AppSetting', 'data_change_record'], ['Audience', 'data_change_record'],
    ['CatalogFeed', 'data_change_record'], ['ClickDestination', 'data_change_record'],
    ['Creative', 'data_change_record'], ['CreativeSet', 'data_change_record'],
    ['Experiment', 'data_change_record'], ['MediaConversion', 'data_change_record'],
    ['Membership', 'data_change_record'], ['NeverBlockApp', 'data_change_record'],
    ['Notification', 'data_change_record'], ['OptimizationRule', 'data_change_record'],
    ['Pixel', 'data_change_record'], ['PixelConversionHourly', 'data_change_record'],
    ['PixelUserCap', 'data_change_record'], ['PreferencePreset', 'data_change_record'],
    ['ReportTemplate', 'data_change_record'], ['StrategyTemplate', 'data_change_record'],
    ['Theme', 'data_change_record'], ['Licensee', 'data_change_record_licensee_row'],
    -- user
    ['User', 'data_change_record_user_row'], ['UserSettings', 'data_change_record_user'],
    ['RevokedSession', 'data_change_record_user'], ['OidcIdentity', 'data_change_record_user'],
    -- shared
    ['Aggregator', 'data_change_record_shared'], ['AudienceBackfillRule', 'data_change_record_shared'],
    ['AudienceDailyUsers', 'data_change_record_shared'], ['AudienceRemoteSchedule', 'data_change_record_shared'],
    ['AudienceRule', 'data_change_record_shared'], ['CreativeReview', 'data_change_record_shared'],
    ['CreativeSetCreative', 'data_change_record_shared'], ['Deal', 'data_change_record_shared'],
    ['DeliveryBoundary', 'data_change_record_shared'], ['ExperimentArm', 'data_change_record_shared'],
    ['Geo', 'data_change_record_shared'], ['InventoryApp', 'data_change_record_shared'],
    ['InventorySite', 'data_change_record_shared'], ['StrategyCreative', 'data_change_record_shared'],
    ['StrategyCreativeSet', 'data_change_record_shared'], ['StrategyPixel', 'data_change_record_shared'],
    ['Timezone', 'data_change_record_shared'], ['VariableMapping', 'data_change_record_shared']
  ];
BEGIN
  FOR i IN 1 .. array_length(scopes, 1) LOOP
    t := scopes[i][1];
    fn := scopes[i][2];
    EXECUTE format('CREATE TRIGGER data_change_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t, fn);
    EXECUTE format('CREATE TRIGGER data_change_update AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t, fn);
    EXECUTE format('CREATE TRIGGER data_change_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t, fn);
    EXECUTE format('CREATE TRIGGER data_change_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_change_truncated()', t);
  END LOOP;
END $$;
