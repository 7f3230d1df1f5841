-- Running totals of the strategy rollup (issue #14): for each boundary hour
-- in use (the UTC hour at which some user's local day starts, rounded up to
-- the hour: 0 for UTC, 19 for Asia/Kolkata and Asia/Kathmandu, 8 and 7 for
-- America/Los_Angeles), one row per strategy and boundary instant holding
-- the strategy's totals of every hour before that instant. A date range in
-- any timezone is then two rows per strategy (totals at the local midnight
-- after its last day minus totals at the local midnight of its first day),
-- however long the range: see lib/metrics/running.ts.
--
-- Rows exist at the boundaries of the days with delivery (so at the boundary
-- after every delivered hour); a strategy that stopped delivering has none
-- after its last ones, and readers take the latest row before an instant.
-- Whatever writes the hourly rollup keeps them exact in the same
-- transaction (statement-level triggers below, after the daily rollup's):
-- boundary hour 0 always, from the daily rollup; the other registered ones
-- from it and the hours of a partial day.

-- The boundary hours in use. 'building' ones are maintained by the triggers
-- but not read until the build (delivery_running_build) has filled them.
CREATE TABLE "DeliveryBoundary" (
    "boundaryHour" SMALLINT NOT NULL,
    "ready" BOOLEAN NOT NULL DEFAULT false,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "builtAt" TIMESTAMPTZ(3),
    CONSTRAINT "DeliveryBoundary_pkey" PRIMARY KEY ("boundaryHour"),
    CONSTRAINT "DeliveryBoundary_hour_check" CHECK ("boundaryHour" BETWEEN 0 AND 23)
);

CREATE TABLE "DeliveryStrategyRunning" (
    "boundaryHour" SMALLINT NOT NULL,
    "upto" TIMESTAMPTZ(0) NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "strategyId" INTEGER NOT NULL,
    "eligibleBids" BIGINT NOT NULL DEFAULT 0,
    "bidsPlaced" BIGINT NOT NULL DEFAULT 0,
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "invalidClicks" BIGINT NOT NULL DEFAULT 0,
    "installs" BIGINT NOT NULL DEFAULT 0,
    "appOpens" BIGINT NOT NULL DEFAULT 0,
    "reEngagements" BIGINT NOT NULL DEFAULT 0,
    "reInstalls" BIGINT NOT NULL DEFAULT 0,
    "conversions" BIGINT NOT NULL DEFAULT 0,
    "clickConversions" BIGINT NOT NULL DEFAULT 0,
    "viewConversions" BIGINT NOT NULL DEFAULT 0,
    "skanViewInstalls" BIGINT NOT NULL DEFAULT 0,
    "skanClickInstalls" BIGINT NOT NULL DEFAULT 0,
    "eligibleUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "impressionUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "clickUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "installUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "conversionUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "appOpenUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "userReach" BIGINT NOT NULL DEFAULT 0,
    "totalUU" BIGINT NOT NULL DEFAULT 0,
    "dailyUU" BIGINT NOT NULL DEFAULT 0,
    "bidsWon" BIGINT NOT NULL DEFAULT 0,
    "lossBelowFloor" BIGINT NOT NULL DEFAULT 0,
    "lossOutbid" BIGINT NOT NULL DEFAULT 0,
    "lossCreativeRejected" BIGINT NOT NULL DEFAULT 0,
    "lossTimeout" BIGINT NOT NULL DEFAULT 0,
    "lossOther" BIGINT NOT NULL DEFAULT 0,
    "videoStarts" BIGINT NOT NULL DEFAULT 0,
    "videoQ25" BIGINT NOT NULL DEFAULT 0,
    "videoQ50" BIGINT NOT NULL DEFAULT 0,
    "videoQ75" BIGINT NOT NULL DEFAULT 0,
    "videoCompletes" BIGINT NOT NULL DEFAULT 0,
    "videoSkips" BIGINT NOT NULL DEFAULT 0,
    "revenue" NUMERIC(24,6) NOT NULL DEFAULT 0,
    "cost" NUMERIC(24,6) NOT NULL DEFAULT 0,
    "advRevenue" NUMERIC(24,6) NOT NULL DEFAULT 0,
    CONSTRAINT "DeliveryStrategyRunning_pkey" PRIMARY KEY ("boundaryHour", "strategyId", "upto")
);
-- A list reads every row of one instant for the licensee's strategies (a hash join).
CREATE INDEX "DeliveryStrategyRunning_instant_idx" ON "DeliveryStrategyRunning"("boundaryHour", "upto", "licenseeId");

-- The first boundary instant after the hour bucket starting at h.
CREATE FUNCTION delivery_next_boundary(h TIMESTAMPTZ, k SMALLINT) RETURNS TIMESTAMPTZ
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (date_trunc('day', (h AT TIME ZONE 'UTC') - make_interval(hours => k)) + interval '1 day' + make_interval(hours => k)) AT TIME ZONE 'UTC'
$$;

-- Boundary hour 0 (UTC midnights): the running sums of the daily rollup, for
-- these strategies from the day of each one's earliest changed hour on. The
-- daily rollup is already summed per day, so no hour is read here. Rows
-- exist at the midnight after every delivered day.
CREATE FUNCTION delivery_running_rebuild_utc(sids INTEGER[], froms TIMESTAMPTZ[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "DeliveryStrategyRunning" r USING unnest(sids, froms) AS t(sid, h0)
    WHERE r."boundaryHour" = 0 AND r."strategyId" = t.sid AND r."upto" > t.h0;
  INSERT INTO "DeliveryStrategyRunning" ("boundaryHour", "upto", "licenseeId", "advertiserId", "campaignId", "strategyId", "eligibleBids", "bidsPlaced", "impressions", "clicks", "invalidClicks", "installs", "appOpens", "reEngagements", "reInstalls", "conversions", "clickConversions", "viewConversions", "skanViewInstalls", "skanClickInstalls", "eligibleUniqUsers", "impressionUniqUsers", "clickUniqUsers", "installUniqUsers", "conversionUniqUsers", "appOpenUniqUsers", "userReach", "totalUU", "dailyUU", "bidsWon", "lossBelowFloor", "lossOutbid", "lossCreativeRejected", "lossTimeout", "lossOther", "videoStarts", "videoQ25", "videoQ50", "videoQ75", "videoCompletes", "videoSkips", "revenue", "cost", "advRevenue")
  SELECT 0, (d."day" + 1)::timestamp AT TIME ZONE 'UTC', d."licenseeId", d."advertiserId", d."campaignId", d."strategyId",
    coalesce(base."eligibleBids", 0) + sum(d."eligibleBids") OVER w,
    coalesce(base."bidsPlaced", 0) + sum(d."bidsPlaced") OVER w,
    coalesce(base."impressions", 0) + sum(d."impressions") OVER w,
    coalesce(base."clicks", 0) + sum(d."clicks") OVER w,
    coalesce(base."invalidClicks", 0) + sum(d."invalidClicks") OVER w,
    coalesce(base."installs", 0) + sum(d."installs") OVER w,
    coalesce(base."appOpens", 0) + sum(d."appOpens") OVER w,
    coalesce(base."reEngagements", 0) + sum(d."reEngagements") OVER w,
    coalesce(base."reInstalls", 0) + sum(d."reInstalls") OVER w,
    coalesce(base."conversions", 0) + sum(d."conversions") OVER w,
    coalesce(base."clickConversions", 0) + sum(d."clickConversions") OVER w,
    coalesce(base."viewConversions", 0) + sum(d."viewConversions") OVER w,
    coalesce(base."skanViewInstalls", 0) + sum(d."skanViewInstalls") OVER w,
    coalesce(base."skanClickInstalls", 0) + sum(d."skanClickInstalls") OVER w,
    coalesce(base."eligibleUniqUsers", 0) + sum(d."eligibleUniqUsers") OVER w,
    coalesce(base."impressionUniqUsers", 0) + sum(d."impressionUniqUsers") OVER w,
    coalesce(base."clickUniqUsers", 0) + sum(d."clickUniqUsers") OVER w,
    coalesce(base."installUniqUsers", 0) + sum(d."installUniqUsers") OVER w,
    coalesce(base."conversionUniqUsers", 0) + sum(d."conversionUniqUsers") OVER w,
    coalesce(base."appOpenUniqUsers", 0) + sum(d."appOpenUniqUsers") OVER w,
    coalesce(base."userReach", 0) + sum(d."userReach") OVER w,
    coalesce(base."totalUU", 0) + sum(d."totalUU") OVER w,
    coalesce(base."dailyUU", 0) + sum(d."dailyUU") OVER w,
    coalesce(base."bidsWon", 0) + sum(d."bidsWon") OVER w,
    coalesce(base."lossBelowFloor", 0) + sum(d."lossBelowFloor") OVER w,
    coalesce(base."lossOutbid", 0) + sum(d."lossOutbid") OVER w,
    coalesce(base."lossCreativeRejected", 0) + sum(d."lossCreativeRejected") OVER w,
    coalesce(base."lossTimeout", 0) + sum(d."lossTimeout") OVER w,
    coalesce(base."lossOther", 0) + sum(d."lossOther") OVER w,
    coalesce(base."videoStarts", 0) + sum(d."videoStarts") OVER w,
    coalesce(base."videoQ25", 0) + sum(d."videoQ25") OVER w,
    coalesce(base."videoQ50", 0) + sum(d."videoQ50") OVER w,
    coalesce(base."videoQ75", 0) + sum(d."videoQ75") OVER w,
    coalesce(base."videoCompletes", 0) + sum(d."videoCompletes") OVER w,
    coalesce(base."videoSkips", 0) + sum(d."videoSkips") OVER w,
    coalesce(base."revenue", 0) + sum(d."revenue") OVER w,
    coalesce(base."cost", 0) + sum(d."cost") OVER w,
    coalesce(base."advRevenue", 0) + sum(d."advRevenue") OVER w
  FROM unnest(sids, froms) AS t(sid, h0)
  JOIN "DeliveryStrategyDaily" d ON d."strategyId" = t.sid AND d."day" >= (t.h0 AT TIME ZONE 'UTC')::date
  LEFT JOIN LATERAL (
    SELECT * FROM "DeliveryStrategyRunning" r
    WHERE r."boundaryHour" = 0 AND r."strategyId" = t.sid AND r."upto" <= t.h0
    ORDER BY r."upto" DESC LIMIT 1
  ) base ON true
  WINDOW w AS (PARTITION BY d."strategyId" ORDER BY d."day");
$$;

-- Other boundary hours k, from the UTC totals and the hours of one partial
-- day: the totals at day d, hour k are the totals at d's midnight plus d's
-- hours before k (k <= 12), or the totals at the next midnight minus d's
-- hours from k on (k > 12): at most 12 hours per day are read, 5 for
-- Asia/Kolkata's 19. Rows exist at the boundaries of every day with
-- delivery and of the day after it (so at the boundary after every
-- delivered hour). Needs the UTC rows rebuilt first.
CREATE FUNCTION delivery_running_rebuild_offsets(ks SMALLINT[], sids INTEGER[], froms TIMESTAMPTZ[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "DeliveryStrategyRunning" r
    USING (SELECT b.k, t.sid, delivery_next_boundary(t.h0, b.k) AS b0
           FROM unnest(sids, froms) AS t(sid, h0) CROSS JOIN unnest(ks) AS b(k) WHERE b.k <> 0) x
    WHERE r."boundaryHour" = x.k AND r."strategyId" = x.sid AND r."upto" >= x.b0;
  INSERT INTO "DeliveryStrategyRunning" ("boundaryHour", "upto", "licenseeId", "advertiserId", "campaignId", "strategyId", "eligibleBids", "bidsPlaced", "impressions", "clicks", "invalidClicks", "installs", "appOpens", "reEngagements", "reInstalls", "conversions", "clickConversions", "viewConversions", "skanViewInstalls", "skanClickInstalls", "eligibleUniqUsers", "impressionUniqUsers", "clickUniqUsers", "installUniqUsers", "conversionUniqUsers", "appOpenUniqUsers", "userReach", "totalUU", "dailyUU", "bidsWon", "lossBelowFloor", "lossOutbid", "lossCreativeRejected", "lossTimeout", "lossOther", "videoStarts", "videoQ25", "videoQ50", "videoQ75", "videoCompletes", "videoSkips", "revenue", "cost", "advRevenue")
  SELECT x.k, x.upto, x.lic, x.adv, x.camp, x.sid,
    coalesce(u."eligibleBids", (SELECT p."eligibleBids" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."eligibleBids", 0),
    coalesce(u."bidsPlaced", (SELECT p."bidsPlaced" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."bidsPlaced", 0),
    coalesce(u."impressions", (SELECT p."impressions" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."impressions", 0),
    coalesce(u."clicks", (SELECT p."clicks" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."clicks", 0),
    coalesce(u."invalidClicks", (SELECT p."invalidClicks" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."invalidClicks", 0),
    coalesce(u."installs", (SELECT p."installs" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."installs", 0),
    coalesce(u."appOpens", (SELECT p."appOpens" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."appOpens", 0),
    coalesce(u."reEngagements", (SELECT p."reEngagements" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."reEngagements", 0),
    coalesce(u."reInstalls", (SELECT p."reInstalls" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."reInstalls", 0),
    coalesce(u."conversions", (SELECT p."conversions" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."conversions", 0),
    coalesce(u."clickConversions", (SELECT p."clickConversions" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."clickConversions", 0),
    coalesce(u."viewConversions", (SELECT p."viewConversions" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."viewConversions", 0),
    coalesce(u."skanViewInstalls", (SELECT p."skanViewInstalls" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."skanViewInstalls", 0),
    coalesce(u."skanClickInstalls", (SELECT p."skanClickInstalls" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."skanClickInstalls", 0),
    coalesce(u."eligibleUniqUsers", (SELECT p."eligibleUniqUsers" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."eligibleUniqUsers", 0),
    coalesce(u."impressionUniqUsers", (SELECT p."impressionUniqUsers" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."impressionUniqUsers", 0),
    coalesce(u."clickUniqUsers", (SELECT p."clickUniqUsers" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."clickUniqUsers", 0),
    coalesce(u."installUniqUsers", (SELECT p."installUniqUsers" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."installUniqUsers", 0),
    coalesce(u."conversionUniqUsers", (SELECT p."conversionUniqUsers" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."conversionUniqUsers", 0),
    coalesce(u."appOpenUniqUsers", (SELECT p."appOpenUniqUsers" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."appOpenUniqUsers", 0),
    coalesce(u."userReach", (SELECT p."userReach" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."userReach", 0),
    coalesce(u."totalUU", (SELECT p."totalUU" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."totalUU", 0),
    coalesce(u."dailyUU", (SELECT p."dailyUU" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."dailyUU", 0),
    coalesce(u."bidsWon", (SELECT p."bidsWon" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."bidsWon", 0),
    coalesce(u."lossBelowFloor", (SELECT p."lossBelowFloor" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."lossBelowFloor", 0),
    coalesce(u."lossOutbid", (SELECT p."lossOutbid" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."lossOutbid", 0),
    coalesce(u."lossCreativeRejected", (SELECT p."lossCreativeRejected" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."lossCreativeRejected", 0),
    coalesce(u."lossTimeout", (SELECT p."lossTimeout" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."lossTimeout", 0),
    coalesce(u."lossOther", (SELECT p."lossOther" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."lossOther", 0),
    coalesce(u."videoStarts", (SELECT p."videoStarts" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."videoStarts", 0),
    coalesce(u."videoQ25", (SELECT p."videoQ25" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."videoQ25", 0),
    coalesce(u."videoQ50", (SELECT p."videoQ50" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."videoQ50", 0),
    coalesce(u."videoQ75", (SELECT p."videoQ75" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."videoQ75", 0),
    coalesce(u."videoCompletes", (SELECT p."videoCompletes" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."videoCompletes", 0),
    coalesce(u."videoSkips", (SELECT p."videoSkips" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."videoSkips", 0),
    coalesce(u."revenue", (SELECT p."revenue" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."revenue", 0),
    coalesce(u."cost", (SELECT p."cost" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."cost", 0),
    coalesce(u."advRevenue", (SELECT p."advRevenue" FROM "DeliveryStrategyRunning" p WHERE p."boundaryHour" = 0 AND p."strategyId" = x.sid AND p."upto" < x.utc ORDER BY p."upto" DESC LIMIT 1), 0) + x.sign * coalesce(part."advRevenue", 0)
  FROM (
    -- The boundary of each day with delivery and of the day after, from the first one a changed hour affects;
    -- utc: the midnight whose totals it starts from, sign: whether the partial day's hours are added or taken off.
    SELECT c.*, (c.day::timestamp AT TIME ZONE 'UTC') + CASE WHEN c.k <= 12 THEN interval '0 days' ELSE interval '1 day' END AS utc,
      CASE WHEN c.k <= 12 THEN 1 ELSE -1 END AS sign
    FROM (
      SELECT DISTINCT b.k, d."strategyId" AS sid, d."licenseeId" AS lic, d."advertiserId" AS adv, d."campaignId" AS camp,
        days.day, (days.day::timestamp AT TIME ZONE 'UTC') + make_interval(hours => b.k) AS upto
      FROM unnest(sids, froms) AS t(sid, h0)
      CROSS JOIN unnest(ks) AS b(k)
      JOIN "DeliveryStrategyDaily" d ON d."strategyId" = t.sid AND d."day" >= (delivery_next_boundary(t.h0, b.k) AT TIME ZONE 'UTC')::date - 1
      CROSS JOIN LATERAL (VALUES (d."day"), (d."day" + 1)) AS days(day)
      WHERE b.k <> 0 AND (days.day::timestamp AT TIME ZONE 'UTC') + make_interval(hours => b.k) >= delivery_next_boundary(t.h0, b.k)
    ) c
  ) x
  -- The UTC totals at that midnight (the latest row before it where the strategy had no delivery the day before).
  LEFT JOIN "DeliveryStrategyRunning" u ON u."boundaryHour" = 0 AND u."strategyId" = x.sid AND u."upto" = x.utc
  -- Each day's hours before k (k <= 12) or from k on (k > 12), summed in one pass.
  LEFT JOIN (
    SELECT b.k, h."strategyId" AS sid, (h."hour" AT TIME ZONE 'UTC')::date AS day, sum(h."eligibleBids") AS "eligibleBids", sum(h."bidsPlaced") AS "bidsPlaced", sum(h."impressions") AS "impressions", sum(h."clicks") AS "clicks", sum(h."invalidClicks") AS "invalidClicks", sum(h."installs") AS "installs", sum(h."appOpens") AS "appOpens", sum(h."reEngagements") AS "reEngagements", sum(h."reInstalls") AS "reInstalls", sum(h."conversions") AS "conversions", sum(h."clickConversions") AS "clickConversions", sum(h."viewConversions") AS "viewConversions", sum(h."skanViewInstalls") AS "skanViewInstalls", sum(h."skanClickInstalls") AS "skanClickInstalls", sum(h."eligibleUniqUsers") AS "eligibleUniqUsers", sum(h."impressionUniqUsers") AS "impressionUniqUsers", sum(h."clickUniqUsers") AS "clickUniqUsers", sum(h."installUniqUsers") AS "installUniqUsers", sum(h."conversionUniqUsers") AS "conversionUniqUsers", sum(h."appOpenUniqUsers") AS "appOpenUniqUsers", sum(h."userReach") AS "userReach", sum(h."totalUU") AS "totalUU", sum(h."dailyUU") AS "dailyUU", sum(h."bidsWon") AS "bidsWon", sum(h."lossBelowFloor") AS "lossBelowFloor", sum(h."lossOutbid") AS "lossOutbid", sum(h."lossCreativeRejected") AS "lossCreativeRejected", sum(h."lossTimeout") AS "lossTimeout", sum(h."lossOther") AS "lossOther", sum(h."videoStarts") AS "videoStarts", sum(h."videoQ25") AS "videoQ25", sum(h."videoQ50") AS "videoQ50", sum(h."videoQ75") AS "videoQ75", sum(h."videoCompletes") AS "videoCompletes", sum(h."videoSkips") AS "videoSkips", sum(h."revenue") AS "revenue", sum(h."cost") AS "cost", sum(h."advRevenue") AS "advRevenue"
    FROM unnest(sids, froms) AS t(sid, h0)
    CROSS JOIN unnest(ks) AS b(k)
    JOIN "DeliveryStrategyHourly" h ON h."strategyId" = t.sid AND h."hour" >= date_trunc('day', t.h0 AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day'
    WHERE b.k <> 0 AND CASE WHEN b.k <= 12 THEN extract(hour FROM h."hour" AT TIME ZONE 'UTC') < b.k ELSE extract(hour FROM h."hour" AT TIME ZONE 'UTC') >= b.k END
    GROUP BY 1, 2, 3
  ) part ON part.k = x.k AND part.sid = x.sid AND part.day = x.day;
$$;

-- After every write of the hourly rollup (the daily rollup's own triggers,
-- named delivery_daily_*, have run: triggers fire in name order).
CREATE FUNCTION delivery_running_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ks SMALLINT[];
  sids INTEGER[];
  froms TIMESTAMPTZ[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(sid), array_agg(h0) INTO sids, froms FROM (SELECT "strategyId" AS sid, min("hour") AS h0 FROM new_hours GROUP BY 1) t;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(sid), array_agg(h0) INTO sids, froms
      FROM (SELECT sid, min(h) AS h0 FROM (SELECT "strategyId" AS sid, "hour" AS h FROM new_hours
                                          UNION ALL SELECT "strategyId", "hour" FROM old_hours) u GROUP BY 1) t;
  ELSE
    SELECT array_agg(sid), array_agg(h0) INTO sids, froms FROM (SELECT "strategyId" AS sid, min("hour") AS h0 FROM old_hours GROUP BY 1) t;
  END IF;
  IF sids IS NULL THEN RETURN NULL; END IF;
  -- UTC midnights are always kept: the other boundary hours are built on them.
  PERFORM delivery_running_rebuild_utc(sids, froms);
  SELECT array_agg("boundaryHour") INTO ks FROM "DeliveryBoundary" WHERE "boundaryHour" <> 0;
  IF ks IS NOT NULL THEN PERFORM delivery_running_rebuild_offsets(ks, sids, froms); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER delivery_running_insert AFTER INSERT ON "DeliveryStrategyHourly"
  REFERENCING NEW TABLE AS new_hours FOR EACH STATEMENT EXECUTE FUNCTION delivery_running_after_write();
CREATE TRIGGER delivery_running_update AFTER UPDATE ON "DeliveryStrategyHourly"
  REFERENCING OLD TABLE AS old_hours NEW TABLE AS new_hours FOR EACH STATEMENT EXECUTE FUNCTION delivery_running_after_write();
CREATE TRIGGER delivery_running_delete AFTER DELETE ON "DeliveryStrategyHourly"
  REFERENCING OLD TABLE AS old_hours FOR EACH STATEMENT EXECUTE FUNCTION delivery_running_after_write();

-- Fills one boundary hour for every strategy and marks it ready. Writers of
-- the hourly rollup wait meanwhile (SHARE lock), so a write that began
-- before the boundary was registered is in what this reads.
CREATE FUNCTION delivery_running_build(k SMALLINT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sids INTEGER[];
  froms TIMESTAMPTZ[];
BEGIN
  LOCK TABLE "DeliveryStrategyHourly" IN SHARE MODE;
  INSERT INTO "DeliveryBoundary" ("boundaryHour") VALUES (k) ON CONFLICT DO NOTHING;
  SELECT array_agg(DISTINCT "strategyId") INTO sids FROM "DeliveryStrategyDaily";
  IF sids IS NOT NULL THEN
    froms := array_fill('-infinity'::timestamptz, ARRAY[cardinality(sids)]);
    IF k = 0 THEN
      PERFORM delivery_running_rebuild_utc(sids, froms);
    ELSE
      PERFORM delivery_running_rebuild_offsets(ARRAY[k], sids, froms);
    END IF;
  END IF;
  UPDATE "DeliveryBoundary" SET "ready" = true, "builtAt" = now() WHERE "boundaryHour" = k;
END $$;

-- UTC days are always in use (UTC users, the daily jobs): built now.
SELECT delivery_running_build(0::smallint);
