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

-- Each strategy's first running row per boundary hour: a range starting
-- before a strategy's first delivery reads 0 for it from this narrow table
-- (one hash join) instead of probing for a row before the range (a year's
-- range of young strategies would probe each of them).
CREATE TABLE "DeliveryRunningFirst" (
    "boundaryHour" SMALLINT NOT NULL,
    "strategyId" INTEGER NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "firstUpto" TIMESTAMPTZ(0) NOT NULL,
    CONSTRAINT "DeliveryRunningFirst_pkey" PRIMARY KEY ("boundaryHour", "strategyId")
);

-- After a rebuild of these boundary hours of these strategies from each one's
-- instant b0 on: the first row only moves when it was at or after b0.
CREATE FUNCTION delivery_running_first_refresh(ks SMALLINT[], sids INTEGER[], b0s TIMESTAMPTZ[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "DeliveryRunningFirst" f USING unnest(ks, sids, b0s) AS x(k, sid, b0)
    WHERE f."boundaryHour" = x.k AND f."strategyId" = x.sid AND f."firstUpto" >= x.b0;
  INSERT INTO "DeliveryRunningFirst" ("boundaryHour", "strategyId", "licenseeId", "firstUpto")
  SELECT x.k, x.sid, r."licenseeId", r."upto"
  FROM unnest(ks, sids, b0s) AS x(k, sid, b0)
  CROSS JOIN LATERAL (
    SELECT r."licenseeId", r."upto" FROM "DeliveryStrategyRunning" r
    WHERE r."boundaryHour" = x.k AND r."strategyId" = x.sid ORDER BY r."upto" LIMIT 1
  ) r
  ON CONFLICT ("boundaryHour", "strategyId") DO NOTHING;
$$;

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
  WITH s AS (
    -- Per strategy: the first changed day and the totals before it (the latest remaining row: one probe per strategy).
    SELECT t.sid, (t.h0 AT TIME ZONE 'UTC')::date AS d0, coalesce(base."eligibleBids", 0) AS "eligibleBids", coalesce(base."bidsPlaced", 0) AS "bidsPlaced", coalesce(base."impressions", 0) AS "impressions", coalesce(base."clicks", 0) AS "clicks", coalesce(base."invalidClicks", 0) AS "invalidClicks", coalesce(base."installs", 0) AS "installs", coalesce(base."appOpens", 0) AS "appOpens", coalesce(base."reEngagements", 0) AS "reEngagements", coalesce(base."reInstalls", 0) AS "reInstalls", coalesce(base."conversions", 0) AS "conversions", coalesce(base."clickConversions", 0) AS "clickConversions", coalesce(base."viewConversions", 0) AS "viewConversions", coalesce(base."skanViewInstalls", 0) AS "skanViewInstalls", coalesce(base."skanClickInstalls", 0) AS "skanClickInstalls", coalesce(base."eligibleUniqUsers", 0) AS "eligibleUniqUsers", coalesce(base."impressionUniqUsers", 0) AS "impressionUniqUsers", coalesce(base."clickUniqUsers", 0) AS "clickUniqUsers", coalesce(base."installUniqUsers", 0) AS "installUniqUsers", coalesce(base."conversionUniqUsers", 0) AS "conversionUniqUsers", coalesce(base."appOpenUniqUsers", 0) AS "appOpenUniqUsers", coalesce(base."userReach", 0) AS "userReach", coalesce(base."totalUU", 0) AS "totalUU", coalesce(base."dailyUU", 0) AS "dailyUU", coalesce(base."bidsWon", 0) AS "bidsWon", coalesce(base."lossBelowFloor", 0) AS "lossBelowFloor", coalesce(base."lossOutbid", 0) AS "lossOutbid", coalesce(base."lossCreativeRejected", 0) AS "lossCreativeRejected", coalesce(base."lossTimeout", 0) AS "lossTimeout", coalesce(base."lossOther", 0) AS "lossOther", coalesce(base."videoStarts", 0) AS "videoStarts", coalesce(base."videoQ25", 0) AS "videoQ25", coalesce(base."videoQ50", 0) AS "videoQ50", coalesce(base."videoQ75", 0) AS "videoQ75", coalesce(base."videoCompletes", 0) AS "videoCompletes", coalesce(base."videoSkips", 0) AS "videoSkips", coalesce(base."revenue", 0) AS "revenue", coalesce(base."cost", 0) AS "cost", coalesce(base."advRevenue", 0) AS "advRevenue"
    FROM unnest(sids, froms) AS t(sid, h0)
    LEFT JOIN LATERAL (
      SELECT * FROM "DeliveryStrategyRunning" r
      WHERE r."boundaryHour" = 0 AND r."strategyId" = t.sid AND r."upto" <= t.h0
      ORDER BY r."upto" DESC LIMIT 1
    ) base ON true
  )
  INSERT INTO "DeliveryStrategyRunning" ("boundaryHour", "upto", "licenseeId", "advertiserId", "campaignId", "strategyId", "eligibleBids", "bidsPlaced", "impressions", "clicks", "invalidClicks", "installs", "appOpens", "reEngagements", "reInstalls", "conversions", "clickConversions", "viewConversions", "skanViewInstalls", "skanClickInstalls", "eligibleUniqUsers", "impressionUniqUsers", "clickUniqUsers", "installUniqUsers", "conversionUniqUsers", "appOpenUniqUsers", "userReach", "totalUU", "dailyUU", "bidsWon", "lossBelowFloor", "lossOutbid", "lossCreativeRejected", "lossTimeout", "lossOther", "videoStarts", "videoQ25", "videoQ50", "videoQ75", "videoCompletes", "videoSkips", "revenue", "cost", "advRevenue")
  SELECT 0, (d."day" + 1)::timestamp AT TIME ZONE 'UTC', d."licenseeId", d."advertiserId", d."campaignId", d."strategyId",
    s."eligibleBids" + sum(d."eligibleBids") OVER w,
    s."bidsPlaced" + sum(d."bidsPlaced") OVER w,
    s."impressions" + sum(d."impressions") OVER w,
    s."clicks" + sum(d."clicks") OVER w,
    s."invalidClicks" + sum(d."invalidClicks") OVER w,
    s."installs" + sum(d."installs") OVER w,
    s."appOpens" + sum(d."appOpens") OVER w,
    s."reEngagements" + sum(d."reEngagements") OVER w,
    s."reInstalls" + sum(d."reInstalls") OVER w,
    s."conversions" + sum(d."conversions") OVER w,
    s."clickConversions" + sum(d."clickConversions") OVER w,
    s."viewConversions" + sum(d."viewConversions") OVER w,
    s."skanViewInstalls" + sum(d."skanViewInstalls") OVER w,
    s."skanClickInstalls" + sum(d."skanClickInstalls") OVER w,
    s."eligibleUniqUsers" + sum(d."eligibleUniqUsers") OVER w,
    s."impressionUniqUsers" + sum(d."impressionUniqUsers") OVER w,
    s."clickUniqUsers" + sum(d."clickUniqUsers") OVER w,
    s."installUniqUsers" + sum(d."installUniqUsers") OVER w,
    s."conversionUniqUsers" + sum(d."conversionUniqUsers") OVER w,
    s."appOpenUniqUsers" + sum(d."appOpenUniqUsers") OVER w,
    s."userReach" + sum(d."userReach") OVER w,
    s."totalUU" + sum(d."totalUU") OVER w,
    s."dailyUU" + sum(d."dailyUU") OVER w,
    s."bidsWon" + sum(d."bidsWon") OVER w,
    s."lossBelowFloor" + sum(d."lossBelowFloor") OVER w,
    s."lossOutbid" + sum(d."lossOutbid") OVER w,
    s."lossCreativeRejected" + sum(d."lossCreativeRejected") OVER w,
    s."lossTimeout" + sum(d."lossTimeout") OVER w,
    s."lossOther" + sum(d."lossOther") OVER w,
    s."videoStarts" + sum(d."videoStarts") OVER w,
    s."videoQ25" + sum(d."videoQ25") OVER w,
    s."videoQ50" + sum(d."videoQ50") OVER w,
    s."videoQ75" + sum(d."videoQ75") OVER w,
    s."videoCompletes" + sum(d."videoCompletes") OVER w,
    s."videoSkips" + sum(d."videoSkips") OVER w,
    s."revenue" + sum(d."revenue") OVER w,
    s."cost" + sum(d."cost") OVER w,
    s."advRevenue" + sum(d."advRevenue") OVER w
  FROM s JOIN "DeliveryStrategyDaily" d ON d."strategyId" = s.sid AND d."day" >= s.d0
  WINDOW w AS (PARTITION BY d."strategyId" ORDER BY d."day")
  -- Rows of one instant side by side: a list reads all of an instant's rows (fewer pages).
  ORDER BY d."day", d."strategyId";
  SELECT delivery_running_first_refresh(array_agg(0::smallint), array_agg(t.sid), array_agg(t.h0)) FROM unnest(sids, froms) AS t(sid, h0);
$$;

-- Other boundary hours k, from the daily rollup and the hours of one
-- partial day: the totals at day d, hour k are the totals at d's midnight
-- plus d's hours before k (k <= 12), or the totals at the next midnight
-- minus d's hours from k on (k > 12): at most 12 hours per day are read, 5
-- for Asia/Kolkata's 19. The midnight totals are running sums of the daily
-- rows from the first affected day on, started from the UTC running row
-- there (one probe per strategy), so a build over a year is one ordered
-- pass over the daily rows. Rows exist at the boundaries of every day with
-- delivery and of the day after it (so at the boundary after every
-- delivered hour). Needs the UTC rows rebuilt first.
CREATE FUNCTION delivery_running_rebuild_offsets(ks SMALLINT[], sids INTEGER[], froms TIMESTAMPTZ[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "DeliveryStrategyRunning" r
    USING (SELECT b.k, t.sid, delivery_next_boundary(t.h0, b.k) AS b0
           FROM unnest(sids, froms) AS t(sid, h0) CROSS JOIN unnest(ks) AS b(k) WHERE b.k <> 0) x
    WHERE r."boundaryHour" = x.k AND r."strategyId" = x.sid AND r."upto" >= x.b0;
  WITH s AS (
    -- Per boundary hour and strategy: the first boundary to rebuild, the UTC day before it, and the UTC totals at that day's midnight.
    SELECT x.k, x.sid, x.b0, x.d0, coalesce(base."eligibleBids", 0) AS "eligibleBids", coalesce(base."bidsPlaced", 0) AS "bidsPlaced", coalesce(base."impressions", 0) AS "impressions", coalesce(base."clicks", 0) AS "clicks", coalesce(base."invalidClicks", 0) AS "invalidClicks", coalesce(base."installs", 0) AS "installs", coalesce(base."appOpens", 0) AS "appOpens", coalesce(base."reEngagements", 0) AS "reEngagements", coalesce(base."reInstalls", 0) AS "reInstalls", coalesce(base."conversions", 0) AS "conversions", coalesce(base."clickConversions", 0) AS "clickConversions", coalesce(base."viewConversions", 0) AS "viewConversions", coalesce(base."skanViewInstalls", 0) AS "skanViewInstalls", coalesce(base."skanClickInstalls", 0) AS "skanClickInstalls", coalesce(base."eligibleUniqUsers", 0) AS "eligibleUniqUsers", coalesce(base."impressionUniqUsers", 0) AS "impressionUniqUsers", coalesce(base."clickUniqUsers", 0) AS "clickUniqUsers", coalesce(base."installUniqUsers", 0) AS "installUniqUsers", coalesce(base."conversionUniqUsers", 0) AS "conversionUniqUsers", coalesce(base."appOpenUniqUsers", 0) AS "appOpenUniqUsers", coalesce(base."userReach", 0) AS "userReach", coalesce(base."totalUU", 0) AS "totalUU", coalesce(base."dailyUU", 0) AS "dailyUU", coalesce(base."bidsWon", 0) AS "bidsWon", coalesce(base."lossBelowFloor", 0) AS "lossBelowFloor", coalesce(base."lossOutbid", 0) AS "lossOutbid", coalesce(base."lossCreativeRejected", 0) AS "lossCreativeRejected", coalesce(base."lossTimeout", 0) AS "lossTimeout", coalesce(base."lossOther", 0) AS "lossOther", coalesce(base."videoStarts", 0) AS "videoStarts", coalesce(base."videoQ25", 0) AS "videoQ25", coalesce(base."videoQ50", 0) AS "videoQ50", coalesce(base."videoQ75", 0) AS "videoQ75", coalesce(base."videoCompletes", 0) AS "videoCompletes", coalesce(base."videoSkips", 0) AS "videoSkips", coalesce(base."revenue", 0) AS "revenue", coalesce(base."cost", 0) AS "cost", coalesce(base."advRevenue", 0) AS "advRevenue"
    FROM (SELECT b.k, t.sid, delivery_next_boundary(t.h0, b.k) AS b0, (delivery_next_boundary(t.h0, b.k) AT TIME ZONE 'UTC')::date - 1 AS d0
          FROM unnest(sids, froms) AS t(sid, h0) CROSS JOIN unnest(ks) AS b(k) WHERE b.k <> 0) x
    LEFT JOIN LATERAL (
      SELECT * FROM "DeliveryStrategyRunning" r
      WHERE r."boundaryHour" = 0 AND r."strategyId" = x.sid AND r."upto" <= x.d0::timestamp AT TIME ZONE 'UTC'
      ORDER BY r."upto" DESC LIMIT 1
    ) base ON true
  ),
  d AS (
    -- The daily rows from there on with their running sums (i_: through the day).
    SELECT s.k, s.sid, dd."day", dd."licenseeId" AS lic, dd."advertiserId" AS adv, dd."campaignId" AS camp, lead(dd."day") OVER w AS next_day,
      dd."eligibleBids" AS "d_eligibleBids", sum(dd."eligibleBids") OVER w AS "i_eligibleBids",
      dd."bidsPlaced" AS "d_bidsPlaced", sum(dd."bidsPlaced") OVER w AS "i_bidsPlaced",
      dd."impressions" AS "d_impressions", sum(dd."impressions") OVER w AS "i_impressions",
      dd."clicks" AS "d_clicks", sum(dd."clicks") OVER w AS "i_clicks",
      dd."invalidClicks" AS "d_invalidClicks", sum(dd."invalidClicks") OVER w AS "i_invalidClicks",
      dd."installs" AS "d_installs", sum(dd."installs") OVER w AS "i_installs",
      dd."appOpens" AS "d_appOpens", sum(dd."appOpens") OVER w AS "i_appOpens",
      dd."reEngagements" AS "d_reEngagements", sum(dd."reEngagements") OVER w AS "i_reEngagements",
      dd."reInstalls" AS "d_reInstalls", sum(dd."reInstalls") OVER w AS "i_reInstalls",
      dd."conversions" AS "d_conversions", sum(dd."conversions") OVER w AS "i_conversions",
      dd."clickConversions" AS "d_clickConversions", sum(dd."clickConversions") OVER w AS "i_clickConversions",
      dd."viewConversions" AS "d_viewConversions", sum(dd."viewConversions") OVER w AS "i_viewConversions",
      dd."skanViewInstalls" AS "d_skanViewInstalls", sum(dd."skanViewInstalls") OVER w AS "i_skanViewInstalls",
      dd."skanClickInstalls" AS "d_skanClickInstalls", sum(dd."skanClickInstalls") OVER w AS "i_skanClickInstalls",
      dd."eligibleUniqUsers" AS "d_eligibleUniqUsers", sum(dd."eligibleUniqUsers") OVER w AS "i_eligibleUniqUsers",
      dd."impressionUniqUsers" AS "d_impressionUniqUsers", sum(dd."impressionUniqUsers") OVER w AS "i_impressionUniqUsers",
      dd."clickUniqUsers" AS "d_clickUniqUsers", sum(dd."clickUniqUsers") OVER w AS "i_clickUniqUsers",
      dd."installUniqUsers" AS "d_installUniqUsers", sum(dd."installUniqUsers") OVER w AS "i_installUniqUsers",
      dd."conversionUniqUsers" AS "d_conversionUniqUsers", sum(dd."conversionUniqUsers") OVER w AS "i_conversionUniqUsers",
      dd."appOpenUniqUsers" AS "d_appOpenUniqUsers", sum(dd."appOpenUniqUsers") OVER w AS "i_appOpenUniqUsers",
      dd."userReach" AS "d_userReach", sum(dd."userReach") OVER w AS "i_userReach",
      dd."totalUU" AS "d_totalUU", sum(dd."totalUU") OVER w AS "i_totalUU",
      dd."dailyUU" AS "d_dailyUU", sum(dd."dailyUU") OVER w AS "i_dailyUU",
      dd."bidsWon" AS "d_bidsWon", sum(dd."bidsWon") OVER w AS "i_bidsWon",
      dd."lossBelowFloor" AS "d_lossBelowFloor", sum(dd."lossBelowFloor") OVER w AS "i_lossBelowFloor",
      dd."lossOutbid" AS "d_lossOutbid", sum(dd."lossOutbid") OVER w AS "i_lossOutbid",
      dd."lossCreativeRejected" AS "d_lossCreativeRejected", sum(dd."lossCreativeRejected") OVER w AS "i_lossCreativeRejected",
      dd."lossTimeout" AS "d_lossTimeout", sum(dd."lossTimeout") OVER w AS "i_lossTimeout",
      dd."lossOther" AS "d_lossOther", sum(dd."lossOther") OVER w AS "i_lossOther",
      dd."videoStarts" AS "d_videoStarts", sum(dd."videoStarts") OVER w AS "i_videoStarts",
      dd."videoQ25" AS "d_videoQ25", sum(dd."videoQ25") OVER w AS "i_videoQ25",
      dd."videoQ50" AS "d_videoQ50", sum(dd."videoQ50") OVER w AS "i_videoQ50",
      dd."videoQ75" AS "d_videoQ75", sum(dd."videoQ75") OVER w AS "i_videoQ75",
      dd."videoCompletes" AS "d_videoCompletes", sum(dd."videoCompletes") OVER w AS "i_videoCompletes",
      dd."videoSkips" AS "d_videoSkips", sum(dd."videoSkips") OVER w AS "i_videoSkips",
      dd."revenue" AS "d_revenue", sum(dd."revenue") OVER w AS "i_revenue",
      dd."cost" AS "d_cost", sum(dd."cost") OVER w AS "i_cost",
      dd."advRevenue" AS "d_advRevenue", sum(dd."advRevenue") OVER w AS "i_advRevenue"
    FROM s JOIN "DeliveryStrategyDaily" dd ON dd."strategyId" = s.sid AND dd."day" >= s.d0
    WINDOW w AS (PARTITION BY s.k, s.sid ORDER BY dd."day")
  ),
  cand AS (
    -- Each delivered day's boundary (midnight totals: before the day for k <= 12, through it for k > 12),
    -- and the next day's when that day has no delivery of its own (totals through the delivered day).
    SELECT d.k, d.sid, d.lic, d.adv, d.camp, v."day",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_eligibleBids" - d."d_eligibleBids" ELSE d."i_eligibleBids" END AS "eligibleBids",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_bidsPlaced" - d."d_bidsPlaced" ELSE d."i_bidsPlaced" END AS "bidsPlaced",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_impressions" - d."d_impressions" ELSE d."i_impressions" END AS "impressions",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_clicks" - d."d_clicks" ELSE d."i_clicks" END AS "clicks",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_invalidClicks" - d."d_invalidClicks" ELSE d."i_invalidClicks" END AS "invalidClicks",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_installs" - d."d_installs" ELSE d."i_installs" END AS "installs",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_appOpens" - d."d_appOpens" ELSE d."i_appOpens" END AS "appOpens",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_reEngagements" - d."d_reEngagements" ELSE d."i_reEngagements" END AS "reEngagements",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_reInstalls" - d."d_reInstalls" ELSE d."i_reInstalls" END AS "reInstalls",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_conversions" - d."d_conversions" ELSE d."i_conversions" END AS "conversions",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_clickConversions" - d."d_clickConversions" ELSE d."i_clickConversions" END AS "clickConversions",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_viewConversions" - d."d_viewConversions" ELSE d."i_viewConversions" END AS "viewConversions",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_skanViewInstalls" - d."d_skanViewInstalls" ELSE d."i_skanViewInstalls" END AS "skanViewInstalls",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_skanClickInstalls" - d."d_skanClickInstalls" ELSE d."i_skanClickInstalls" END AS "skanClickInstalls",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_eligibleUniqUsers" - d."d_eligibleUniqUsers" ELSE d."i_eligibleUniqUsers" END AS "eligibleUniqUsers",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_impressionUniqUsers" - d."d_impressionUniqUsers" ELSE d."i_impressionUniqUsers" END AS "impressionUniqUsers",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_clickUniqUsers" - d."d_clickUniqUsers" ELSE d."i_clickUniqUsers" END AS "clickUniqUsers",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_installUniqUsers" - d."d_installUniqUsers" ELSE d."i_installUniqUsers" END AS "installUniqUsers",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_conversionUniqUsers" - d."d_conversionUniqUsers" ELSE d."i_conversionUniqUsers" END AS "conversionUniqUsers",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_appOpenUniqUsers" - d."d_appOpenUniqUsers" ELSE d."i_appOpenUniqUsers" END AS "appOpenUniqUsers",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_userReach" - d."d_userReach" ELSE d."i_userReach" END AS "userReach",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_totalUU" - d."d_totalUU" ELSE d."i_totalUU" END AS "totalUU",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_dailyUU" - d."d_dailyUU" ELSE d."i_dailyUU" END AS "dailyUU",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_bidsWon" - d."d_bidsWon" ELSE d."i_bidsWon" END AS "bidsWon",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_lossBelowFloor" - d."d_lossBelowFloor" ELSE d."i_lossBelowFloor" END AS "lossBelowFloor",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_lossOutbid" - d."d_lossOutbid" ELSE d."i_lossOutbid" END AS "lossOutbid",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_lossCreativeRejected" - d."d_lossCreativeRejected" ELSE d."i_lossCreativeRejected" END AS "lossCreativeRejected",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_lossTimeout" - d."d_lossTimeout" ELSE d."i_lossTimeout" END AS "lossTimeout",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_lossOther" - d."d_lossOther" ELSE d."i_lossOther" END AS "lossOther",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_videoStarts" - d."d_videoStarts" ELSE d."i_videoStarts" END AS "videoStarts",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_videoQ25" - d."d_videoQ25" ELSE d."i_videoQ25" END AS "videoQ25",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_videoQ50" - d."d_videoQ50" ELSE d."i_videoQ50" END AS "videoQ50",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_videoQ75" - d."d_videoQ75" ELSE d."i_videoQ75" END AS "videoQ75",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_videoCompletes" - d."d_videoCompletes" ELSE d."i_videoCompletes" END AS "videoCompletes",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_videoSkips" - d."d_videoSkips" ELSE d."i_videoSkips" END AS "videoSkips",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_revenue" - d."d_revenue" ELSE d."i_revenue" END AS "revenue",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_cost" - d."d_cost" ELSE d."i_cost" END AS "cost",
      CASE WHEN d.k <= 12 AND NOT v.after THEN d."i_advRevenue" - d."d_advRevenue" ELSE d."i_advRevenue" END AS "advRevenue"
    FROM d CROSS JOIN LATERAL (VALUES (d."day", false), (d."day" + 1, true)) AS v("day", after)
    WHERE NOT v.after OR d.next_day IS DISTINCT FROM d."day" + 1
  ),
  part AS (
    -- Each day's hours before k (k <= 12) or from k on (k > 12), summed in one pass.
    SELECT s.k, h."strategyId" AS sid, (h."hour" AT TIME ZONE 'UTC')::date AS "day", sum(h."eligibleBids") AS "eligibleBids", sum(h."bidsPlaced") AS "bidsPlaced", sum(h."impressions") AS "impressions", sum(h."clicks") AS "clicks", sum(h."invalidClicks") AS "invalidClicks", sum(h."installs") AS "installs", sum(h."appOpens") AS "appOpens", sum(h."reEngagements") AS "reEngagements", sum(h."reInstalls") AS "reInstalls", sum(h."conversions") AS "conversions", sum(h."clickConversions") AS "clickConversions", sum(h."viewConversions") AS "viewConversions", sum(h."skanViewInstalls") AS "skanViewInstalls", sum(h."skanClickInstalls") AS "skanClickInstalls", sum(h."eligibleUniqUsers") AS "eligibleUniqUsers", sum(h."impressionUniqUsers") AS "impressionUniqUsers", sum(h."clickUniqUsers") AS "clickUniqUsers", sum(h."installUniqUsers") AS "installUniqUsers", sum(h."conversionUniqUsers") AS "conversionUniqUsers", sum(h."appOpenUniqUsers") AS "appOpenUniqUsers", sum(h."userReach") AS "userReach", sum(h."totalUU") AS "totalUU", sum(h."dailyUU") AS "dailyUU", sum(h."bidsWon") AS "bidsWon", sum(h."lossBelowFloor") AS "lossBelowFloor", sum(h."lossOutbid") AS "lossOutbid", sum(h."lossCreativeRejected") AS "lossCreativeRejected", sum(h."lossTimeout") AS "lossTimeout", sum(h."lossOther") AS "lossOther", sum(h."videoStarts") AS "videoStarts", sum(h."videoQ25") AS "videoQ25", sum(h."videoQ50") AS "videoQ50", sum(h."videoQ75") AS "videoQ75", sum(h."videoCompletes") AS "videoCompletes", sum(h."videoSkips") AS "videoSkips", sum(h."revenue") AS "revenue", sum(h."cost") AS "cost", sum(h."advRevenue") AS "advRevenue"
    FROM s JOIN "DeliveryStrategyHourly" h ON h."strategyId" = s.sid AND h."hour" >= s.d0::timestamp AT TIME ZONE 'UTC'
    WHERE CASE WHEN s.k <= 12 THEN extract(hour FROM h."hour" AT TIME ZONE 'UTC') < s.k ELSE extract(hour FROM h."hour" AT TIME ZONE 'UTC') >= s.k END
    GROUP BY 1, 2, 3
  )
  INSERT INTO "DeliveryStrategyRunning" ("boundaryHour", "upto", "licenseeId", "advertiserId", "campaignId", "strategyId", "eligibleBids", "bidsPlaced", "impressions", "clicks", "invalidClicks", "installs", "appOpens", "reEngagements", "reInstalls", "conversions", "clickConversions", "viewConversions", "skanViewInstalls", "skanClickInstalls", "eligibleUniqUsers", "impressionUniqUsers", "clickUniqUsers", "installUniqUsers", "conversionUniqUsers", "appOpenUniqUsers", "userReach", "totalUU", "dailyUU", "bidsWon", "lossBelowFloor", "lossOutbid", "lossCreativeRejected", "lossTimeout", "lossOther", "videoStarts", "videoQ25", "videoQ50", "videoQ75", "videoCompletes", "videoSkips", "revenue", "cost", "advRevenue")
  SELECT c.k, (c."day"::timestamp AT TIME ZONE 'UTC') + make_interval(hours => c.k), c.lic, c.adv, c.camp, c.sid,
    s."eligibleBids" + c."eligibleBids" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."eligibleBids", 0),
    s."bidsPlaced" + c."bidsPlaced" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."bidsPlaced", 0),
    s."impressions" + c."impressions" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."impressions", 0),
    s."clicks" + c."clicks" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."clicks", 0),
    s."invalidClicks" + c."invalidClicks" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."invalidClicks", 0),
    s."installs" + c."installs" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."installs", 0),
    s."appOpens" + c."appOpens" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."appOpens", 0),
    s."reEngagements" + c."reEngagements" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."reEngagements", 0),
    s."reInstalls" + c."reInstalls" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."reInstalls", 0),
    s."conversions" + c."conversions" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."conversions", 0),
    s."clickConversions" + c."clickConversions" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."clickConversions", 0),
    s."viewConversions" + c."viewConversions" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."viewConversions", 0),
    s."skanViewInstalls" + c."skanViewInstalls" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."skanViewInstalls", 0),
    s."skanClickInstalls" + c."skanClickInstalls" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."skanClickInstalls", 0),
    s."eligibleUniqUsers" + c."eligibleUniqUsers" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."eligibleUniqUsers", 0),
    s."impressionUniqUsers" + c."impressionUniqUsers" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."impressionUniqUsers", 0),
    s."clickUniqUsers" + c."clickUniqUsers" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."clickUniqUsers", 0),
    s."installUniqUsers" + c."installUniqUsers" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."installUniqUsers", 0),
    s."conversionUniqUsers" + c."conversionUniqUsers" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."conversionUniqUsers", 0),
    s."appOpenUniqUsers" + c."appOpenUniqUsers" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."appOpenUniqUsers", 0),
    s."userReach" + c."userReach" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."userReach", 0),
    s."totalUU" + c."totalUU" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."totalUU", 0),
    s."dailyUU" + c."dailyUU" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."dailyUU", 0),
    s."bidsWon" + c."bidsWon" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."bidsWon", 0),
    s."lossBelowFloor" + c."lossBelowFloor" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."lossBelowFloor", 0),
    s."lossOutbid" + c."lossOutbid" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."lossOutbid", 0),
    s."lossCreativeRejected" + c."lossCreativeRejected" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."lossCreativeRejected", 0),
    s."lossTimeout" + c."lossTimeout" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."lossTimeout", 0),
    s."lossOther" + c."lossOther" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."lossOther", 0),
    s."videoStarts" + c."videoStarts" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."videoStarts", 0),
    s."videoQ25" + c."videoQ25" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."videoQ25", 0),
    s."videoQ50" + c."videoQ50" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."videoQ50", 0),
    s."videoQ75" + c."videoQ75" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."videoQ75", 0),
    s."videoCompletes" + c."videoCompletes" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."videoCompletes", 0),
    s."videoSkips" + c."videoSkips" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."videoSkips", 0),
    s."revenue" + c."revenue" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."revenue", 0),
    s."cost" + c."cost" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."cost", 0),
    s."advRevenue" + c."advRevenue" + CASE WHEN c.k <= 12 THEN 1 ELSE -1 END * coalesce(p."advRevenue", 0)
  FROM cand c
  JOIN s ON s.k = c.k AND s.sid = c.sid
  LEFT JOIN part p ON p.k = c.k AND p.sid = c.sid AND p."day" = c."day"
  WHERE (c."day"::timestamp AT TIME ZONE 'UTC') + make_interval(hours => c.k) >= s.b0
  -- Rows of one instant side by side: a list reads all of an instant's rows (fewer pages).
  ORDER BY c.k, c."day", c.sid;
  SELECT delivery_running_first_refresh(array_agg(b.k), array_agg(t.sid), array_agg(delivery_next_boundary(t.h0, b.k)))
    FROM unnest(sids, froms) AS t(sid, h0) CROSS JOIN unnest(ks) AS b(k) WHERE b.k <> 0;
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
  DELETE FROM "DeliveryStrategyRunning" WHERE "boundaryHour" = k;
  DELETE FROM "DeliveryRunningFirst" WHERE "boundaryHour" = k;
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
