-- Stored rows that their own edit form (and a PATCH sending nothing new)
-- refused or silently changed, made to hold what the console's save stores,
-- keeping what each row means today. Every changed row gets its version bump
-- and a "System" activity row with the old and new values, so nothing is
-- altered unseen. tests/integration/rows-fit-their-forms.test.ts replays this
-- on rows written the old way.

-- What each statement below changed, for the activity rows written at the end.
CREATE TEMPORARY TABLE "FixedRow" (
  "entityType" "EntityType" NOT NULL,
  "entityId" INTEGER NOT NULL,
  "licenseeId" INTEGER NOT NULL,
  "entityName" TEXT NOT NULL,
  "entityAdvertiserId" INTEGER,
  "message" TEXT NOT NULL,
  -- [{ "fieldName", "oldValue", "newValue" }], only the fields that changed
  "fields" JSONB NOT NULL
) ON COMMIT DROP;

-- Campaigns with budget pacing on but no pacing option (the demo seed wrote 8
-- of its 12 campaigns so): the pacing code (lib/campaigns/pacing.ts) reads ASAP
-- only from option 1 (lifetime) or 6 (daily), so these have always paced
-- evenly over both windows. Daily Hourly weightage (10) is the one option that
-- paces exactly so, and pacing stays on as the user saw it ("Budget pacing:
-- On"). A lifetime frequency cap without its duration gets the 30 days the
-- console always counts it over (lib/campaigns/rules.ts).
WITH target AS (
  SELECT c."id", c."flowRate" AS "oldFlowRate", c."userFcapDuration" AS "oldDuration",
    CASE WHEN c."budgetPacing" AND (c."flowRate" IS NULL OR c."flowRate" NOT IN (1, 6, 10)) THEN 10 ELSE c."flowRate" END AS "newFlowRate",
    CASE WHEN c."lifetimeUserFcap" > 0 AND c."userFcapDuration" IS NULL THEN 2592000 ELSE c."userFcapDuration" END AS "newDuration"
  FROM "Campaign" c
  WHERE (c."budgetPacing" AND (c."flowRate" IS NULL OR c."flowRate" NOT IN (1, 6, 10)))
     OR (c."lifetimeUserFcap" > 0 AND c."userFcapDuration" IS NULL)
), changed AS (
  UPDATE "Campaign" c
  SET "flowRate" = t."newFlowRate", "userFcapDuration" = t."newDuration", "version" = c."version" + 1, "updatedAt" = now()
  FROM target t
  WHERE c."id" = t."id"
  RETURNING c."id", c."licenseeId", c."name", c."advertiserId"
)
INSERT INTO "FixedRow"
SELECT 'CAMPAIGN', c."id", c."licenseeId", c."name", c."advertiserId",
  'Campaign settings completed as the campaign form saves them (delivery unchanged)',
  (SELECT jsonb_agg(jsonb_build_object('fieldName', f.name, 'oldValue', f.old, 'newValue', f.new))
   FROM (VALUES
     ('flowRate', trim_scale(t."oldFlowRate")::text, trim_scale(t."newFlowRate")::text),
     ('userFcapDuration', t."oldDuration"::text, t."newDuration"::text)
   ) AS f(name, old, new)
   WHERE f.old IS DISTINCT FROM f.new)
FROM changed c JOIN target t ON t."id" = c."id";

-- The demo's own creatives (files under /demo/creatives/) of the types that
-- need the ad-marking identifiers (lib/creatives/schema.ts
-- TYPES_WITH_IDENTIFIERS, more than 4 characters each) were seeded without
-- them: they get the demo identifiers the seed now writes
-- (lib/seed/form-values.ts). A user's own creatives are never guessed at.
WITH target AS (
  SELECT c."id", c."kktuCode" AS "oldKktu", c."person" AS "oldPerson", c."erId" AS "oldErId",
    CASE WHEN length(btrim(coalesce(c."kktuCode", ''))) < 5 THEN '30.10.1' ELSE c."kktuCode" END AS "newKktu",
    CASE WHEN length(btrim(coalesce(c."person", ''))) < 5 THEN 'Demo Creative Studio' ELSE c."person" END AS "newPerson",
    CASE WHEN length(btrim(coalesce(c."erId", ''))) < 5 THEN 'ER-DEMO-0001' ELSE c."erId" END AS "newErId"
  FROM "Creative" c
  WHERE c."fileUrl" LIKE '/demo/creatives/%'
    AND c."type" IN ('IMAGE', 'VIDEO', 'CTV_VIDEO', 'ZIPPED_HTML', 'PLAYABLE', 'NATIVE_ICON', 'NATIVE_IMAGE', 'NATIVE_VIDEO', 'HYBRID_STATIC_AD')
    AND (length(btrim(coalesce(c."kktuCode", ''))) < 5 OR length(btrim(coalesce(c."person", ''))) < 5 OR length(btrim(coalesce(c."erId", ''))) < 5)
), changed AS (
  UPDATE "Creative" c
  SET "kktuCode" = t."newKktu", "person" = t."newPerson", "erId" = t."newErId", "version" = c."version" + 1, "updatedAt" = now()
  FROM target t
  WHERE c."id" = t."id"
  RETURNING c."id", c."licenseeId", c."name", c."advertiserId"
)
INSERT INTO "FixedRow"
SELECT 'CREATIVE', c."id", c."licenseeId", c."name", c."advertiserId",
  'Demo creative given the demo ad-marking identifiers its type needs',
  (SELECT jsonb_agg(jsonb_build_object('fieldName', f.name, 'oldValue', f.old, 'newValue', f.new))
   FROM (VALUES ('kktuCode', t."oldKktu", t."newKktu"), ('person', t."oldPerson", t."newPerson"), ('erId', t."oldErId", t."newErId")) AS f(name, old, new)
   WHERE f.old IS DISTINCT FROM f.new)
FROM changed c JOIN target t ON t."id" = c."id";

-- One System activity row per changed row, with its fields in their order.
WITH logs AS (
  INSERT INTO "ActivityLog" ("licenseeId", "userId", "userName", "action", "message", "entityType", "entityId", "entityName", "entityAdvertiserId")
  SELECT "licenseeId", NULL, 'System', 'UPDATE', "message", "entityType", "entityId", "entityName", "entityAdvertiserId" FROM "FixedRow"
  RETURNING "id", "entityType", "entityId"
)
INSERT INTO "ActivityLogField" ("logId", "fieldName", "oldValue", "newValue")
SELECT l."id", f.field->>'fieldName', f.field->>'oldValue', f.field->>'newValue'
FROM logs l
JOIN "FixedRow" r ON r."entityType" = l."entityType" AND r."entityId" = l."entityId"
CROSS JOIN LATERAL jsonb_array_elements(r."fields") WITH ORDINALITY AS f(field, n)
ORDER BY l."id", f.n;
