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

CREATE FUNCTION data_change_record_scope() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] is an expression over the changed rows (a column, negated for users, or NULL).
  EXECUTE format(
    'INSERT INTO "DataChange" ("licenseeId", "xid") SELECT DISTINCT COALESCE(%s, -2147483648), pg_current_xact_id()::text::bigint FROM changed_rows ON CONFLICT DO NOTHING',
    TG_ARGV[0]);
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
  scope text;
  scopes text[][] := ARRAY[
    -- licensee
    ['ActivityLog', '"licenseeId"'], ['AdvertiserSetting', '"licenseeId"'], ['ApiKey', '"licenseeId"'],
    ['AppSetting', '"licenseeId"'], ['Audience', '"licenseeId"'], ['CatalogFeed', '"licenseeId"'],
    ['ClickDestination', '"licenseeId"'], ['Creative', '"licenseeId"'], ['CreativeSet', '"licenseeId"'],
    ['Experiment', '"licenseeId"'], ['MediaConversion', '"licenseeId"'], ['Membership', '"licenseeId"'],
    ['NeverBlockApp', '"licenseeId"'], ['Notification', '"licenseeId"'], ['OptimizationRule', '"licenseeId"'],
    ['Pixel', '"licenseeId"'], ['PixelConversionHourly', '"licenseeId"'], ['PixelUserCap', '"licenseeId"'],
    ['PreferencePreset', '"licenseeId"'], ['ReportTemplate', '"licenseeId"'], ['StrategyTemplate', '"licenseeId"'],
    ['Theme', '"licenseeId"'], ['Licensee', '"id"'],
    -- user
    ['User', '-"id"'], ['UserSettings', '-"userId"'], ['RevokedSession', '-"userId"'], ['OidcIdentity', '-"userId"'],
    -- shared
    ['Aggregator', 'NULL'], ['AudienceBackfillRule', 'NULL'], ['AudienceDailyUsers', 'NULL'],
    ['AudienceRemoteSchedule', 'NULL'], ['AudienceRule', 'NULL'], ['CreativeReview', 'NULL'],
    ['CreativeSetCreative', 'NULL'], ['Deal', 'NULL'], ['DeliveryBoundary', 'NULL'], ['ExperimentArm', 'NULL'],
    ['Geo', 'NULL'], ['InventoryApp', 'NULL'], ['InventorySite', 'NULL'], ['ReportRun', 'NULL'],
    ['RuleAuditLog', 'NULL'], ['StrategyCreative', 'NULL'], ['StrategyCreativeSet', 'NULL'],
    ['StrategyPixel', 'NULL'], ['Timezone', 'NULL'], ['VariableMapping', 'NULL']
  ];
BEGIN
  FOR i IN 1 .. array_length(scopes, 1) LOOP
    t := scopes[i][1];
    scope := quote_literal(scopes[i][2]);
    EXECUTE format('CREATE TRIGGER data_change_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION data_change_record_scope(%s)', t, scope);
    EXECUTE format('CREATE TRIGGER data_change_update AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION data_change_record_scope(%s)', t, scope);
    EXECUTE format('CREATE TRIGGER data_change_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION data_change_record_scope(%s)', t, scope);
    EXECUTE format('CREATE TRIGGER data_change_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_change_truncated()', t);
  END LOOP;
END $$;
