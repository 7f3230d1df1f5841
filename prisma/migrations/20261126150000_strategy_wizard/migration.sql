-- Strategy wizard (issue #15): the CPA target column, and the stored targeting
-- and inventory JSON moved to the shapes lib/strategies/schema.ts now parses.

-- business.md 5 Strategy: "CPA target greater than 0"; null: none.
ALTER TABLE "Strategy" ADD COLUMN "cpaTarget" DECIMAL(18,6);

-- Geographies are named by the country-state-city dataset, no longer by rows of
-- the hand-written "Geo" table: a country by its ISO alpha-2 code ("US"), a
-- state by country and state code ("US-CA", which the Geo rows already used),
-- a city by its state and name ("US-CA:Los Angeles").
CREATE FUNCTION pg_temp.strategy_geo_key(geo_id int) RETURNS text AS $$
  SELECT CASE WHEN g."type" = 'CITY' THEN p."code" || ':' || g."name" ELSE g."code" END
  FROM "Geo" g LEFT JOIN "Geo" p ON p."id" = g."parentId"
  WHERE g."id" = geo_id
$$ LANGUAGE sql;

CREATE FUNCTION pg_temp.strategy_geo_keys(ids jsonb) RETURNS jsonb AS $$
  SELECT COALESCE(jsonb_agg(to_jsonb(k) ORDER BY k), '[]'::jsonb)
  FROM (
    SELECT DISTINCT CASE WHEN jsonb_typeof(e) = 'number' THEN pg_temp.strategy_geo_key((e #>> '{}')::int) ELSE e #>> '{}' END AS k
    FROM jsonb_array_elements(COALESCE(ids, '[]'::jsonb)) AS e
  ) keys
  WHERE k IS NOT NULL
$$ LANGUAGE sql;

UPDATE "Strategy"
SET "targeting" = jsonb_set("targeting", '{targetGeographies}', (
  SELECT jsonb_object_agg(
    level,
    CASE WHEN level IN ('country', 'state', 'city')
      THEN jsonb_build_object('targetList', pg_temp.strategy_geo_keys(lists -> 'targetList'), 'blockedList', pg_temp.strategy_geo_keys(lists -> 'blockedList'))
      ELSE lists END)
  FROM jsonb_each("targeting" -> 'targetGeographies') AS t(level, lists)
))
WHERE jsonb_typeof("targeting" -> 'targetGeographies') = 'object';

-- Consent type is the number attribution is shown from (business.md 3: 0, 1, 2);
-- the audience-style names stored before meant no restriction.
UPDATE "Strategy" SET "targeting" = "targeting" - 'consentType' WHERE jsonb_typeof("targeting" -> 'consentType') = 'string';

-- Deals live in targeting as dealDTO (business.md 3), with a blocked list; the
-- inventory's plain list of targeted deals moves there.
UPDATE "Strategy"
SET "targeting" = "targeting" || jsonb_build_object('dealDTO', jsonb_build_object('targetList', "inventory" -> 'deals', 'blockedList', '[]'::jsonb))
WHERE jsonb_typeof("inventory" -> 'deals') = 'array' AND jsonb_array_length("inventory" -> 'deals') > 0 AND NOT ("targeting" ? 'dealDTO');
UPDATE "Strategy" SET "inventory" = "inventory" - 'deals' WHERE "inventory" ? 'deals';
