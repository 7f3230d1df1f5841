-- Which transactions changed a licensee's list data, for the snapshot-validated
-- read cache (lib/data/read-cache.ts): a cached result taken under snapshot S
-- is still exact while no committed DataChange row of its licensee has an xid
-- S does not see. Statement-level triggers write one row per transaction and
-- licensee, whoever writes (actions, jobs, ingestion, the seed, raw SQL), with
-- no lock: concurrent writers insert different keys.

CREATE TABLE "DataChange" (
    "licenseeId" INTEGER NOT NULL,
    "xid" BIGINT NOT NULL,
    CONSTRAINT "DataChange_pkey" PRIMARY KEY ("licenseeId", "xid")
);

-- The pruning job's horizon: rows under an xmin observed at least the cache's
-- lifetime ago are seen by every live cache entry, so they can go.
CREATE TABLE "DataChangeHorizon" (
    "id" INTEGER NOT NULL,
    "horizonXid" BIGINT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "DataChangeHorizon_pkey" PRIMARY KEY ("id")
);

CREATE FUNCTION data_change_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DataChange" ("licenseeId", "xid")
  SELECT DISTINCT c."licenseeId", pg_current_xact_id()::text::bigint FROM changed_rows c
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- TRUNCATE names no rows: it counts as a change of every licensee (licensee 0).
CREATE FUNCTION data_change_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DataChange" ("licenseeId", "xid") VALUES (0, pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- A trigger with a transition table takes one event, so three per table.
DO $$
DECLARE t text;
BEGIN
  -- The hourly rollup stands for the delivery the cached statements read: the daily rollup and
  -- the running totals are written only by its own triggers, in the same transaction (and by the
  -- boundary build, which changes no sum). The facts (DeliveryHourly) feed no cached statement.
  -- Triggers there would copy every row of a 100,000-row batch into transition tables for nothing.
  FOREACH t IN ARRAY ARRAY['Advertiser', 'Campaign', 'Strategy', 'DeliveryStrategyHourly'] LOOP
    EXECUTE format('CREATE TRIGGER data_change_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION data_change_record()', t);
    EXECUTE format('CREATE TRIGGER data_change_update AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION data_change_record()', t);
    EXECUTE format('CREATE TRIGGER data_change_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION data_change_record()', t);
    EXECUTE format('CREATE TRIGGER data_change_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_change_truncated()', t);
  END LOOP;
END $$;
