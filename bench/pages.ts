// The pages, reports and exports, each measured over HTTP as the signed-in
// bench user twice: "first load" right after a data change of the licensee
// (./ingest.ts invalidator: the read cache and the page cache hold nothing
// valid, as after each hourly feed) and "repeated" (the same request again,
// nothing changed). The lists' date range and timezone are the
// user's settings (UserSettings), as the date picker stores them; reports
// take theirs from the URL.
import type { RawSql } from "../lib/db/connect";
import { sample, timedFetch, type Results, type Sample } from "./figures";
import { DAY_MS, KOLKATA_TZ, UTC_TZ, type WorldIds } from "./world";

export interface Bench {
  base: string;
  cookie: string;
  apiKey: string;
  raw: RawSql;
  world: WorldIds;
  /** The world's end (a UTC midnight). */
  end: Date;
  runs: number;
  results: Results;
  /** A data change of the licensee, committed when it resolves. */
  invalidate: () => Promise<void>;
}

const PAGE_LOAD = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
const day = (t: number) => new Date(t).toISOString().slice(0, 10);
const TZ_NAME: Record<number, string> = { [UTC_TZ]: "UTC", [KOLKATA_TZ]: "Asia/Kolkata" };

/** The last `days` whole days before the world's end. */
export function rangeOf(end: Date, days: number) {
  return { from: day(end.getTime() - days * DAY_MS), to: day(end.getTime() - DAY_MS) };
}

/** The user's timezone and a custom range of the last `days` days, as the date picker saves them. */
export async function setView(b: Bench, tz: number, days: number) {
  const range = rangeOf(b.end, days);
  await b.raw.query(`UPDATE "UserSettings" SET "timezoneId" = $1, "dateRange" = $2::jsonb, "updatedAt" = now() WHERE "userId" = $3`, [
    tz,
    JSON.stringify({ preset: "custom", ...range }),
    b.world.userId,
  ]);
}

type Check = (body: string) => string | null;
const contains = (text: string, what = text): Check => (body) => (body.includes(text) ? null : `the answer lacks ${what}`);

/** First load and repeated, `runs` each, after one unmeasured request (a running server has served the page before). */
export async function measure(b: Bench, name: string, run: () => Promise<Sample>) {
  const warm = await run();
  if (warm.error) {
    b.results.add({ name, p50: null, p95: null, n: 0, errors: 1, note: `not measured: ${warm.error.slice(0, 300)}` });
    return;
  }
  b.results.add({ name: `${name}, first load`, ...(await sample(b.runs, run, b.invalidate)) });
  b.results.add({ name: `${name}, repeated`, ...(await sample(b.runs, run)) });
}

const page = (b: Bench, path: string, check?: Check) => () => timedFetch(`${b.base}${path}`, { headers: { ...PAGE_LOAD, cookie: b.cookie }, check });
const api = (b: Bench, path: string, init: RequestInit & { check?: Check } = {}) => () =>
  timedFetch(`${b.base}${path}`, { ...init, headers: { authorization: `Bearer ${b.apiKey}`, ...(init.headers as Record<string, string>) } });

const session = (b: Bench, path: string, init: RequestInit = {}) => () =>
  timedFetch(`${b.base}${path}`, { ...init, headers: { cookie: b.cookie, origin: b.base, ...(init.headers as Record<string, string>) } });

/** The dashboards, lists and details pages in every timezone and range. */
export async function measurePages(b: Bench) {
  const [campaignId] = b.world.campaignIds;
  const [strategyId] = b.world.strategyIds;
  const rows = contains("data-row-id=", "table rows");
  // A sort the list does not offer is dropped silently: the sorted column must say so.
  const sorted: Check = (body) => rows(body) ?? contains('aria-sort="descending"', "a column sorted descending")(body);
  for (const tz of [UTC_TZ, KOLKATA_TZ]) {
    for (const days of [30, 365]) {
      await setView(b, tz, days);
      const v = `${days} days ${TZ_NAME[tz]}`;
      await measure(b, `/home, ${v}`, page(b, "/home"));
      await measure(b, `/advertiser list, ${v}`, page(b, "/advertiser", rows));
      await measure(b, `/campaign list, ${v}`, page(b, "/campaign", rows));
      await measure(b, `/strategy list default order, ${v}`, page(b, "/strategy", rows));
      await measure(b, `/strategy list by spend, ${v}`, page(b, "/strategy?sort=-revenue", sorted));
      await measure(b, `/strategy list by CTR, ${v}`, page(b, "/strategy?sort=-ctr", sorted));
      await measure(b, `campaign details, ${v}`, page(b, `/campaign/details/${campaignId}`, contains("Campaign 001")));
      await measure(b, `strategy details, ${v}`, page(b, `/strategy/details/${strategyId}`, contains("Strategy 00001")));
    }
  }
}

/** Every report page over the 365 days, in UTC (the daily rollup's days) and Asia/Kolkata (hours regrouped). */
export async function measureReports(b: Bench) {
  const { from, to } = rangeOf(b.end, 365);
  for (const tz of [UTC_TZ, KOLKATA_TZ]) {
    const q = `from=${from}&to=${to}&tz=${tz}`;
    const v = `365 days ${TZ_NAME[tz]}`;
    const reports: Array<[string, string]> = [
      ["advanced report by day", `/report/advanced?dims=date&metrics=impressions,clicks,ctr,installs,revenue,cost&${q}`],
      ["advanced report by campaign", `/report/advanced?dims=campaign&metrics=impressions,clicks,ctr,installs,revenue,cost&${q}`],
      ["conversion report", `/report/conversion?${q}`],
      ["video report", `/report/video?${q}`],
      ["inventory report", `/report/inventory?${q}`],
      ["loss-bid report", `/report/lossbid?${q}`],
      ["SliceX general analysis (campaign x date)", `/report/slicex/revenue?rows=campaign&cols=date&metric=revenue&${q}`],
      ["SliceX business report by week", `/report/slicex/business-report?grain=week&${q}`],
    ];
    for (const [name, path] of reports) await measure(b, `${name}, ${v}`, page(b, path));
  }
}

/** Exports of every strategy over 365 days (Asia/Kolkata) and the REST read. */
export async function measureExports(b: Bench) {
  await setView(b, KOLKATA_TZ, 365);
  const { from, to } = rangeOf(b.end, 365);
  const strategies = b.world.strategyIds.length;
  const lines = (body: string) => (body.split("\n").length - 2 >= strategies ? null : `the file has ${body.split("\n").length - 2} rows, not ${strategies}`);
  await measure(b, `CSV export of all ${strategies} strategies (list), 365 days Asia/Kolkata`, () =>
    timedFetch(`${b.base}/api/list/strategy/export`, { headers: { cookie: b.cookie }, check: lines }),
  );
  await measure(b, `XLSX export of all ${strategies} strategies (strategy export), 365 days`, () => strategyExport(b, from, to));
  const report = `dims=strategy&metrics=impressions,clicks,ctr,installs,revenue,cost&from=${from}&to=${to}&tz=${KOLKATA_TZ}`;
  await measure(b, `XLSX report of all ${strategies} strategies, 365 days Asia/Kolkata`, api(b, `/api/v1/reports/download?${report}&format=xlsx`));
  await measure(b, `CSV report of all ${strategies} strategies, 365 days Asia/Kolkata`, api(b, `/api/v1/reports/download?${report}&format=csv`, { check: lines }));
  await measure(b, "REST GET /api/v1/strategies?size=20 (API key)", api(b, "/api/v1/strategies?size=20"));
}

/**
 * POST /api/v1/strategies/export as XLSX with the user's session, as the
 * console's export dialog runs it (the stored file is served to a session
 * only: /api/files answers an API key 401); a large one runs as a job,
 * polled until done; then the file is downloaded. Timed to its last byte.
 */
async function strategyExport(b: Bench, from: string, to: string): Promise<Sample> {
  const t0 = performance.now();
  const seconds = (d: string) => Date.parse(`${d}T12:00:00Z`) / 1000;
  const started = await session(b, "/api/v1/strategies/export", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ campaignIds: b.world.campaignIds, startTimestamp: seconds(from), endTimestamp: seconds(to), format: "xlsx" }),
  })();
  if (started.error) return started;
  let answer = (JSON.parse(started.body) as { respObject?: { fileDownloadUrl?: string; exportId?: string } }).respObject ?? {};
  const deadline = Date.now() + 600_000;
  while (!answer.fileDownloadUrl && answer.exportId && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const status = await session(b, `/api/v1/strategies/export/${answer.exportId}`)();
    if (status.error) return status;
    const s = (JSON.parse(status.body) as { respObject: { state: string; fileDownloadUrl?: string; message?: string } }).respObject;
    if (s.state === "failed") return { ms: 0, error: `export failed: ${s.message}` };
    answer = { ...answer, fileDownloadUrl: s.fileDownloadUrl };
  }
  if (!answer.fileDownloadUrl) return { ms: 0, error: `no file: ${started.body.slice(0, 200)}` };
  const file = await session(b, answer.fileDownloadUrl.replace(/^https?:\/\/[^/]+/, ""))();
  return file.error ? file : { ms: performance.now() - t0 };
}
