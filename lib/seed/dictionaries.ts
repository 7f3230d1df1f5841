// Global dictionaries (timezones, geos, inventory, deals) and the system
// preference presets. Names are invented but plausible; the ids that the spec
// fixes (805 = UTC) are kept.
import type { PrismaClient } from "../generated/prisma/client";

type Db = Pick<PrismaClient, "timezone" | "geo" | "inventorySite" | "inventoryApp" | "aggregator" | "deal" | "preferencePreset">;

export const UTC_TIMEZONE_ID = 805;

// [id, standard UTC offset in hours, IANA name]. The offset is the one shown in
// the name.
export const TIMEZONES: ReadonlyArray<readonly [number, number, string]> = [
  [800, -10, "Pacific/Honolulu"],
  [801, -8, "America/Los_Angeles"],
  [802, -7, "America/Denver"],
  [803, -6, "America/Chicago"],
  [804, -5, "America/New_York"],
  [805, 0, "UTC"],
  [806, -3, "America/Sao_Paulo"],
  [807, 0, "Europe/London"],
  [808, 1, "Europe/Berlin"],
  [809, 1, "Europe/Paris"],
  [810, 1, "Europe/Madrid"],
  [811, 2, "Africa/Johannesburg"],
  [812, 3, "Europe/Moscow"],
  [813, 4, "Asia/Dubai"],
  [814, 5.5, "Asia/Kolkata"],
  [815, 7, "Asia/Bangkok"],
  [816, 7, "Asia/Jakarta"],
  [817, 8, "Asia/Singapore"],
  [818, 8, "Asia/Shanghai"],
  [819, 9, "Asia/Tokyo"],
  [820, 9, "Asia/Seoul"],
  [821, 10, "Australia/Sydney"],
  [822, 12, "Pacific/Auckland"],
  [823, -6, "America/Mexico_City"],
];

function offsetLabel(hours: number): string {
  const sign = hours < 0 ? "-" : "+";
  const abs = Math.abs(hours);
  const h = Math.floor(abs);
  const m = Math.round((abs - h) * 60);
  return `(GMT${sign}${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")})`;
}

// country code, name, [state code, name, cities[]][]
const GEOS: ReadonlyArray<readonly [string, string, ReadonlyArray<readonly [string, string, readonly string[]]>]> = [
  ["US", "United States", [["US-CA", "California", ["Los Angeles", "San Francisco"]], ["US-NY", "New York", ["New York City"]], ["US-TX", "Texas", ["Austin"]]]],
  ["GB", "United Kingdom", [["GB-ENG", "England", ["London", "Manchester"]]]],
  ["DE", "Germany", [["DE-BE", "Berlin", ["Berlin"]], ["DE-BY", "Bavaria", ["Munich"]]]],
  ["AT", "Austria", []],
  ["CH", "Switzerland", []],
  ["FR", "France", []],
  ["IN", "India", [["IN-MH", "Maharashtra", ["Mumbai"]], ["IN-KA", "Karnataka", ["Bengaluru"]]]],
  ["JP", "Japan", []],
  ["BR", "Brazil", []],
  ["AU", "Australia", []],
  ["CA", "Canada", []],
];

export const SITES: ReadonlyArray<readonly [string, string]> = [
  ["Daily Headline News", "dailyheadlinenews.com"], ["Metro Sports Wire", "metrosportswire.com"], ["Kitchen Notes", "kitchennotes.net"],
  ["Weather Outlook", "weatheroutlook.com"], ["Tech Pulse", "techpulse.io"], ["Family Finance Hub", "familyfinancehub.com"],
  ["Travel Journal", "traveljournal.net"], ["Auto Trader Weekly", "autotraderweekly.com"], ["Style Street", "stylestreet.com"],
  ["Gamer Lounge", "gamerlounge.gg"], ["Health Matters Daily", "healthmattersdaily.com"], ["City Events Guide", "cityeventsguide.com"],
  ["Movie Buzz", "moviebuzz.tv"], ["Home & Garden Ideas", "homegardenideas.com"], ["Parenting Today", "parentingtoday.net"],
  ["Market Ticker", "marketticker.com"], ["Science Digest", "sciencedigest.org"], ["Recipe Box", "recipebox.co"],
  ["Outdoor Explorer", "outdoorexplorer.com"], ["Music Charts Live", "musicchartslive.com"], ["Pet Care Corner", "petcarecorner.com"],
  ["Real Estate Radar", "realestateradar.com"], ["Campus Life", "campuslife.net"], ["Fitness First Mag", "fitnessfirstmag.com"],
  ["Der Tagesblick", "tagesblick.de"], ["Le Quotidien Web", "lequotidienweb.fr"], ["Euro Football Live", "eurofootball.live"],
  ["Crossword Daily", "crossworddaily.com"], ["Deal Finder", "dealfinder.shop"], ["Commuter Times", "commutertimes.co.uk"],
];

// [name, package (Android) or App Store id (iOS), platform, category]
export const APPS: ReadonlyArray<readonly [string, string, "ANDROID" | "IOS", string]> = [
  ["Block Blast Puzzle", "com.blockblast.puzzle", "ANDROID", "Puzzle"], ["Block Blast Puzzle", "1432876510", "IOS", "Puzzle"],
  ["Word Garden", "com.wordgarden.game", "ANDROID", "Word"], ["Word Garden", "1510244387", "IOS", "Word"],
  ["Solitaire Sunrise", "com.sunrise.solitaire", "ANDROID", "Card"], ["Solitaire Sunrise", "1389020173", "IOS", "Card"],
  ["Merge Kingdom", "com.mergekingdom.play", "ANDROID", "Casual"], ["Merge Kingdom", "1554109982", "IOS", "Casual"],
  ["Drift Racer 3D", "com.driftracer.threed", "ANDROID", "Racing"], ["Drift Racer 3D", "1478335201", "IOS", "Racing"],
  ["QuickNews Reader", "com.quicknews.reader", "ANDROID", "News"], ["QuickNews Reader", "1320567741", "IOS", "News"],
  ["PocketWeather", "com.pocketweather.app", "ANDROID", "Weather"], ["PocketWeather", "1299843120", "IOS", "Weather"],
  ["FitTrack Steps", "com.fittrack.steps", "ANDROID", "Health & Fitness"], ["FitTrack Steps", "1467720935", "IOS", "Health & Fitness"],
  ["ShopSmart Deals", "com.shopsmart.deals", "ANDROID", "Shopping"], ["ShopSmart Deals", "1502261184", "IOS", "Shopping"],
  ["TuneStream Radio", "com.tunestream.radio", "ANDROID", "Music"], ["TuneStream Radio", "1411095576", "IOS", "Music"],
  ["Recipe Master", "com.recipemaster.cook", "ANDROID", "Food & Drink"], ["Recipe Master", "1365548820", "IOS", "Food & Drink"],
  ["TripPlanner Go", "com.tripplanner.go", "ANDROID", "Travel"], ["TripPlanner Go", "1449930217", "IOS", "Travel"],
  ["Budget Buddy", "com.budgetbuddy.money", "ANDROID", "Finance"], ["Budget Buddy", "1537762049", "IOS", "Finance"],
  ["Chess Arena", "com.chessarena.online", "ANDROID", "Board"], ["Chess Arena", "1490017763", "IOS", "Board"],
  ["StreamBox TV", "com.streambox.tv", "ANDROID", "Entertainment"], ["StreamBox TV", "1583306612", "IOS", "Entertainment"],
];

export const AGGREGATORS = ["Google AdX", "OpenX", "PubMatic", "Magnite", "Index Exchange", "InMobi Exchange", "Unity Ads", "AppLovin MAX"];

// [dealId, name, category, exchange]
export const DEALS: ReadonlyArray<readonly [string, string, string, string]> = [
  ["PMP-SPORTS-0142", "Premium Sports Video", "Sports", "Magnite"],
  ["PMP-NEWS-0317", "Top News Publishers", "News", "Google AdX"],
  ["PMP-GAMES-0088", "Casual Games Rewarded", "Gaming", "Unity Ads"],
  ["PMP-CTV-0521", "Prime Time CTV", "Entertainment", "Magnite"],
  ["PMP-FIN-0210", "Finance Audience Sites", "Finance", "PubMatic"],
  ["PMP-LIFE-0633", "Lifestyle & Fashion", "Lifestyle", "Index Exchange"],
];

// System presets (shell.md 2.12). Metric ids from shell.md section 3.
export const SYSTEM_PRESETS: ReadonlyArray<{ name: string; rowLimit: number; columns: string[] }> = [
  { name: "Default", rowLimit: 20, columns: ["impressions", "clicks", "ctr", "installs", "conversions", "revenue", "cost", "margin", "ecpm", "ecpi"] },
  { name: "Performance", rowLimit: 50, columns: ["installs", "conversions", "ecpi", "ecpa", "roi", "cvr", "revenue"] },
  { name: "Engagement", rowLimit: 20, columns: ["impressions", "clicks", "ctr", "ecpc", "appopen", "reEngagements", "clickUniqUsers", "impressionUniqUsers"] },
  { name: "Funnel", rowLimit: 20, columns: ["eligibleBids", "bidsPlaced", "impressions", "clicks", "installs", "conversions", "iti", "ctc"] },
];

export interface Dictionaries {
  siteIds: number[];
  androidAppIds: number[];
  iosAppIds: number[];
  aggregatorIds: number[];
  dealIds: number[];
  /** Geo ids by code ("US", "US-CA", "US-CA-LOS"). */
  geo: Map<string, number>;
  /** System preset ids by name. */
  presets: Map<string, number>;
}

export async function seedDictionaries(db: Db): Promise<Dictionaries> {
  await db.timezone.createMany({
    data: TIMEZONES.map(([id, offset, iana]) => ({ id, ianaName: iana, name: `${offsetLabel(offset)} ${iana}` })),
  });

  const geo = new Map<string, number>();
  const countries = await db.geo.createManyAndReturn({
    data: GEOS.map(([code, name]) => ({ type: "COUNTRY" as const, code, name })),
    select: { id: true, code: true },
  });
  for (const c of countries) geo.set(c.code, c.id);
  const states = await db.geo.createManyAndReturn({
    data: GEOS.flatMap(([cc, , st]) => st.map(([code, name]) => ({ type: "STATE" as const, code, name, parentId: geo.get(cc)! }))),
    select: { id: true, code: true },
  });
  for (const s of states) geo.set(s.code, s.id);
  const cityRows = GEOS.flatMap(([, , st]) =>
    st.flatMap(([sc, , cities]) => cities.map((name) => ({ code: `${sc}-${name.replace(/\W+/g, "").slice(0, 3).toUpperCase()}`, name, parentId: geo.get(sc)! }))),
  );
  const cities = await db.geo.createManyAndReturn({
    data: cityRows.map((c) => ({ type: "CITY" as const, ...c })),
    select: { id: true, code: true },
  });
  for (const c of cities) geo.set(c.code, c.id);

  const sites = await db.inventorySite.createManyAndReturn({ data: SITES.map(([name, domain]) => ({ name, domain })), select: { id: true } });
  const apps = await db.inventoryApp.createManyAndReturn({
    data: APPS.map(([name, packageName, platform, category]) => ({ name, packageName, platform, category })),
    select: { id: true, platform: true },
  });
  const aggregators = await db.aggregator.createManyAndReturn({ data: AGGREGATORS.map((name) => ({ name })), select: { id: true } });
  const deals = await db.deal.createManyAndReturn({
    data: DEALS.map(([dealId, name, category, exchange]) => ({ dealId, name, category, exchange })),
    select: { id: true },
  });
  const presets = await db.preferencePreset.createManyAndReturn({
    data: SYSTEM_PRESETS.map((p) => ({ ...p, licenseeId: null, userId: null, custom: false, timezoneId: UTC_TIMEZONE_ID })),
    select: { id: true, name: true },
  });

  return {
    siteIds: sites.map((s) => s.id),
    androidAppIds: apps.filter((a) => a.platform === "ANDROID").map((a) => a.id),
    iosAppIds: apps.filter((a) => a.platform === "IOS").map((a) => a.id),
    aggregatorIds: aggregators.map((a) => a.id),
    dealIds: deals.map((d) => d.id),
    geo,
    presets: new Map(presets.map((p) => [p.name, p.id])),
  };
}
