// Turns the blueprints of one licensee into rows: advertisers and everything
// under them. Batched with createManyAndReturn (one round trip per table) so
// the whole seed stays fast on PGlite. Also returns, per strategy, what the
// database does not keep: when a paused strategy stopped delivering.
import type { Tx } from "../db";
import { ADVERTISERS, STRATEGY_TYPE, type AdvertiserBlueprint, type Channel } from "./blueprints";
import type { Dictionaries } from "./dictionaries";
import { addDays, type Rng } from "../random";
import { parseStrategyInventory, parseStrategyTargeting } from "../strategies/schema";
import { strategyInventory, strategyTargeting } from "./targeting";
import { seedCreativeReviews } from "./reviews";
import { adMarkingOf, campaignPacing, lifetimeFrequencyCap, strategyFrequencyCap, strategyJson } from "./form-values";
import { seedAdvertisers } from "./advertisers";

export interface SeededStrategy {
  id: number;
  name: string;
  licenseeId: number;
  advertiserId: number;
  channel: Channel;
  /** No delivery from here on (paused, archived or ended); null: still running. */
  stopAt: Date | null;
  /** Its delivery is written as exactly this many conversions instead of simulated (./optimize-boundary.ts). */
  scriptedConversions?: number;
}

export interface SeededLicensee {
  advertisers: { id: number; name: string; active: boolean }[];
  campaigns: { id: number; name: string; advertiserId: number; active: boolean; pricingType: string }[];
  strategies: SeededStrategy[];
  creativeSets: { id: number; name: string; advertiserId: number }[];
  creatives: { id: number; name: string; advertiserId: number }[];
  pixels: { id: number; name: string; advertiserId: number }[];
  audiences: { id: number; name: string; advertiserId: number; source: string }[];
}

const CAMPAIGN_START_DAYS_AGO = 120;

function earliest(...dates: (Date | null | undefined)[]): Date | null {
  const real = dates.filter((d): d is Date => d instanceof Date);
  return real.length ? new Date(Math.min(...real.map((d) => d.getTime()))) : null;
}

export async function seedLicenseeEntities(
  tx: Tx,
  rng: Rng,
  lic: { id: number; key: "default" | "acme"; currencyCode: string },
  dict: Dictionaries,
  today: Date,
): Promise<SeededLicensee> {
  const blueprints = ADVERTISERS[lic.key];
  const licenseeId = lic.id;
  const campaignStart = addDays(today, -CAMPAIGN_START_DAYS_AGO);

  const { advertisers, advId, pixels, pixelsOf, destinationOf } = await seedAdvertisers(tx, rng, lic, blueprints);

  const setRows = blueprints.flatMap((a, i) => a.creativeSets.map((s) => ({ a, i, s })));
  const creativeSets = await tx.creativeSet.createManyAndReturn({
    data: setRows.map(({ a, i, s }) => ({
      licenseeId,
      advertiserId: advId(i),
      clickDestinationId: destinationOf(advId(i)),
      name: s.name,
      type: s.type,
      timezoneId: a.timezoneId,
      dailyMediaBudget: rng.chance(0.5) ? rng.money(100, 600, 2, 25) : null,
      startTime: campaignStart,
      endTime: null,
      scheduledTimezoneId: a.timezoneId,
      sizes: s.sizes.map(([w, h]) => `${w}x${h}`),
      active: a.active ?? true,
    })),
    select: { id: true, name: true, advertiserId: true },
  });

  const creativeRows = setRows.flatMap(({ s, i }, k) => s.sizes.map(([w, h]) => ({ setId: creativeSets[k].id, i, s, w, h })));
  const creatives = await tx.creative.createManyAndReturn({
    data: creativeRows.map(({ i, s, w, h }) => ({
      licenseeId,
      advertiserId: advId(i),
      clickDestinationId: destinationOf(advId(i)),
      name: `${s.name}_${w}x${h}`,
      type: s.type,
      width: w,
      height: h,
      fileUrl: `/demo/creatives/${w}x${h}.svg`,
      ...adMarkingOf(s.type),
    })),
    select: { id: true, name: true, advertiserId: true },
  });
  await tx.creativeSetCreative.createMany({ data: creativeRows.map((r, k) => ({ creativeSetId: r.setId, creativeId: creatives[k].id })) });
  const creativesOfSet = (setId: number) => creativeRows.flatMap((r, k) => (r.setId === setId ? [creatives[k].id] : []));
  // The first advertiser's second set is rejected everywhere: its strategies show the review warning.
  await seedCreativeReviews(tx, creatives.map((c, k) => ({ id: c.id, setId: creativeRows[k].setId })), dict.aggregatorIds, creativeSets[1]?.id);

  const campaignRows = blueprints.flatMap((a, i) => a.campaigns.map((c) => ({ a, i, c })));
  const campaigns = await tx.campaign.createManyAndReturn({
    data: campaignRows.map(({ a, i, c }) => {
      const lifetime = c.lifetimeBudget ? Number(c.lifetimeBudget) : null;
      return {
        licenseeId,
        advertiserId: advId(i),
        name: c.name,
        objective: c.objective,
        isRetargeting: c.retargeting ?? false,
        pixelId: pixelsOf(advId(i))[0].id,
        startTime: campaignStart,
        endTime: c.endInDays === null ? null : addDays(today, c.endInDays),
        pricingType: c.pricingType,
        pricingValue: c.pricingValue,
        lifetimeBudget: c.lifetimeBudget,
        dailyBudget: lifetime ? (Math.round(lifetime / rng.int(90, 150) / 10) * 10).toFixed(2) : rng.money(300, 1500, 2, 50),
        dailyAdvSpendBudget: rng.chance(0.5) ? null : rng.money(400, 2000, 2, 50),
        dailyFcap: rng.pick([3, 5, 8]),
        dailyFcapHours: 24,
        ...lifetimeFrequencyCap(rng.chance(0.5) ? null : 20),
        attributionRatio: "100.00",
        cpaTarget: c.pricingType === "CPA" || c.objective === "WEBSITE" ? rng.money(8, 25) : null,
        cpiTarget: c.objective === "MOBILE_APP_INSTALLS" ? rng.money(1.2, 3.5) : null,
        roiTarget: c.objective === "MOBILE_APP_ENGAGEMENT" ? rng.money(1.5, 3) : null,
        ...campaignPacing(rng.chance(0.6)),
        skadTarget: c.skad ?? false,
        currencyCode: lic.currencyCode,
        active: (a.active ?? true) && (c.active ?? true),
      };
    }),
    select: { id: true, name: true, advertiserId: true, active: true, pricingType: true },
  });

  const strategyRows = campaignRows.flatMap(({ a, i, c }, k) => c.strategies.map((s) => ({ a, i, c, s, campaignId: campaigns[k].id })));
  const planned = strategyRows.map(({ a, i, c, s, campaignId }) => {
    const campaignEnd = c.endInDays === null ? null : addDays(today, c.endInDays);
    const startAt = s.startDaysAgo ? addDays(today, -s.startDaysAgo) : campaignStart;
    const stoppedDaysAgo = (s.active ?? true) ? undefined : (s.stoppedDaysAgo ?? c.stoppedDaysAgo ?? a.stoppedDaysAgo ?? 10);
    const stopAt = earliest(
      campaignEnd && campaignEnd < today ? campaignEnd : null,
      stoppedDaysAgo !== undefined ? addDays(today, -stoppedDaysAgo) : null,
      a.active === false ? addDays(today, -(a.stoppedDaysAgo ?? 10)) : null,
      c.active === false && c.stoppedDaysAgo ? addDays(today, -c.stoppedDaysAgo) : null,
    );
    const setId = creativeSets.find((cs) => cs.name === a.creativeSets[s.set].name && cs.advertiserId === advId(i))!.id;
    const margin = c.pricingType === "MARGIN" || c.pricingType === "REV_SHARE";
    const facts = {
      type: STRATEGY_TYPE[s.channel],
      skadOptimised: s.skad ?? false,
      campaign: { objective: c.objective, isRetargeting: c.retargeting ?? false, skadTarget: c.skad ?? false, advertiserId: advId(i) },
    };
    return {
      row: {
        licenseeId,
        advertiserId: advId(i),
        campaignId,
        name: s.name,
        type: facts.type,
        startTime: startAt,
        endTime: campaignEnd,
        ...strategyFrequencyCap(rng.chance(0.7)),
        skadOptimised: facts.skadOptimised,
        budgetValue: rng.chance(0.35) ? null : rng.money(2000, 15000, 2, 500),
        dailyAdvSpendBudget: rng.chance(0.4) ? null : rng.money(100, 800, 2, 25),
        pacingBudgetValue: rng.money(80, 600, 2, 10),
        pacingTypeId: rng.pick([6, 6, 10, 1]),
        pricingType: c.pricingType,
        pricingValue: margin ? c.pricingValue : (Number(c.pricingValue) * rng.range(0.85, 1.15)).toFixed(2),
        bidCapMin: rng.chance(0.25) ? "0.50" : null,
        bidCapMax: s.channel === "CTV" ? rng.money(15, 30) : rng.money(1.5, 6),
        isBargainerActive: rng.chance(0.3),
        // Parsed, so a generator that drifts from the schema fails the seed.
        // allExchanges replaces the drawn exchanges after the draw, so the random sequence (the rest of the demo) is unchanged.
        // Inventory before targeting: the random sequence (the rest of the demo) is unchanged.
        ...strategyJson(
          parseStrategyInventory({ ...strategyInventory(rng, s.channel, dict), ...(s.allExchanges ? { rtbAggregators: { targetList: [], blockedList: [] } } : {}) }),
          parseStrategyTargeting(strategyTargeting(rng, s.channel, a, dict)),
          facts,
        ),
        active: (a.active ?? true) && (c.active ?? true) && (s.active ?? true),
      },
      meta: { c, s, setId, stopAt, pixels: pixelsOf(advId(i)) },
    };
  });
  const strategies = await tx.strategy.createManyAndReturn({ data: planned.map((p) => p.row), select: { id: true, name: true } });

  await linkStrategies(tx, planned.map((p, k) => ({ strategyId: strategies[k].id, ...p.meta })), creativesOfSet);

  const audiences = await seedAudiences(tx, rng, licenseeId, blueprints, advertisers.map((a) => a.id));

  return {
    advertisers,
    campaigns,
    strategies: planned.map((p, k) => ({
      id: strategies[k].id,
      name: strategies[k].name,
      licenseeId,
      advertiserId: p.row.advertiserId,
      channel: p.meta.s.channel,
      stopAt: p.meta.stopAt,
    })),
    creativeSets,
    creatives,
    pixels,
    audiences,
  };
}

interface StrategyLinks {
  strategyId: number;
  setId: number;
  c: { pricingType: string };
  pixels: { id: number }[];
}

/** Each strategy's creative set, that set's creatives, and its pixels (a CPA strategy all of its advertiser's, else the first). */
async function linkStrategies(tx: Tx, links: StrategyLinks[], creativesOfSet: (setId: number) => number[]) {
  await tx.strategyCreativeSet.createMany({ data: links.map((l) => ({ strategyId: l.strategyId, creativeSetId: l.setId })) });
  await tx.strategyCreative.createMany({ data: links.flatMap((l) => creativesOfSet(l.setId).map((creativeId) => ({ strategyId: l.strategyId, creativeId }))) });
  await tx.strategyPixel.createMany({
    data: links.flatMap((l) => (l.c.pricingType === "CPA" ? l.pixels : l.pixels.slice(0, 1)).map((px) => ({ strategyId: l.strategyId, pixelId: px.id }))),
  });
}

async function seedAudiences(tx: Tx, rng: Rng, licenseeId: number, blueprints: AdvertiserBlueprint[], advertiserIds: number[]) {
  const base = await tx.audience.createManyAndReturn({
    data: blueprints.flatMap((a, i) => {
      const total = rng.int(40_000, 900_000);
      return [
        {
          licenseeId,
          advertiserId: advertiserIds[i],
          name: `${a.short} - Site visitors 30d`,
          description: `Visitors of ${a.domain} in the last 30 days`,
          source: "WEBSITE" as const,
          userExpiryDays: 30,
          totalUU: total,
          dailyUU: Math.round(total / rng.int(20, 40)),
          active: a.active ?? true,
        },
        {
          licenseeId,
          advertiserId: advertiserIds[i],
          name: `${a.short} - App purchasers`,
          description: "Users who bought in the app (MMP postbacks)",
          source: "MOBILE" as const,
          osTypeId: 4,
          userExpiryDays: 45,
          totalUU: Math.round(total / 3),
          dailyUU: Math.round(total / 3 / rng.int(25, 50)),
          active: a.active ?? true,
        },
      ];
    }),
    select: { id: true, name: true, advertiserId: true, source: true },
  });
  // A live look-alike grown from the first advertiser's app purchasers.
  const seedAudience = base[1];
  const lookalike = await tx.audience.createManyAndReturn({
    data: [
      {
        licenseeId,
        advertiserId: seedAudience.advertiserId,
        name: `${blueprints[0].short} - Purchasers lookalike 1%`,
        description: "1% look-alike of app purchasers",
        source: "LOOK_ALIKE" as const,
        lookAlikeStatus: "LIVE" as const,
        lookAlikeSize: 1,
        seedAudienceId: seedAudience.id,
        userExpiryDays: 30,
        totalUU: rng.int(1_000_000, 3_000_000),
        dailyUU: rng.int(20_000, 60_000),
      },
    ],
    select: { id: true, name: true, advertiserId: true, source: true },
  });
  await tx.audienceRule.createMany({
    data: base.flatMap((au) =>
      au.source === "WEBSITE"
        ? [
            { audienceId: au.id, groupIndex: 0, filterId: 1, operatorId: 1, value: "/product", queryName: "page_url" },
            { audienceId: au.id, groupIndex: 0, filterId: 17, operatorId: 3, value: "2", queryName: "page_frequency" },
          ]
        : [{ audienceId: au.id, groupIndex: 0, filterId: 5, operatorId: 1, value: "af_purchase", queryName: "event_name" }],
    ),
  });
  return [...base, ...lookalike];
}
