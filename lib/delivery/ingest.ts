// Ingestion of hourly delivery: a batch of rows is validated as a
// whole (every row's fields, then that its strategy and creative are the
// licensee's and belong together, and its site, app and aggregator exist);
// one refused row refuses the batch, with the row and field of each problem.
// A valid batch is upserted on the natural key (strategy, hour, creative,
// site, app, aggregator, country, device), so sending it again replaces and
// never doubles, and the strategy-hours it touched are rebuilt in the rollup
// the lists read, all in one transaction.
import "server-only";
import type { z } from "../validation/z";
import { rowsRefusal } from "../validation/batch-rows";
import type { SessionContext } from "../auth/context";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import { log } from "../log";
import { withBatchTime } from "../connections/settings";
import { applyDeliveryRows } from "./apply";
import { parseDeliveryRow } from "./row-parse";
import {
  DELIVERY_MESSAGES as M,
  DeliveryBatchSchema,
  MAX_AGE_DAYS,
  MAX_AHEAD_HOURS,
  type DeliveryRow,
  type DeliveryResultSchema,
} from "./schema";

/** Problems listed in one refusal (the first ones in row order); the count of all is in the message. */
const MAX_LISTED_PROBLEMS = 100;
const HOUR_MS = 3_600_000;
/** Transaction time a delivery row adds (lib/connections/settings.ts batchTransactionMs). */
export const INGEST_MS_PER_ROW = 1;

type Issue = { row: number; field: string; message: string };

const naturalKey = (r: DeliveryRow) => [r.strategyId, r.hour.getTime(), r.creativeId, r.siteId, r.appId, r.aggregatorId, r.country, r.device].join("|");

/** Each row against the schema, the hour window and the rows before it (duplicates). */
function parseRows(rows: unknown[], now: Date): { parsed: DeliveryRow[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const parsed: DeliveryRow[] = [];
  const seen = new Map<string, number>();
  const earliest = now.getTime() - MAX_AGE_DAYS * 24 * HOUR_MS;
  const latest = now.getTime() + MAX_AHEAD_HOURS * HOUR_MS;
  rows.forEach((raw, i) => {
    const result = parseDeliveryRow(raw);
    if ("issues" in result) {
      for (const issue of result.issues) issues.push({ row: i, field: issue.path.map(String).join(".") || "row", message: issue.message });
      return;
    }
    const { row } = result;
    const t = row.hour.getTime();
    if (t < earliest || t > latest) issues.push({ row: i, field: "hour", message: M.hourRange });
    const key = naturalKey(row);
    const first = seen.get(key);
    if (first !== undefined) issues.push({ row: i, field: "row", message: `${M.duplicate} (row ${first + 1})` });
    else seen.set(key, i);
    parsed[i] = row;
  });
  return { parsed, issues };
}

const distinct = (values: Array<number | null>) => [...new Set(values.filter((v): v is number => v !== null))];

/** The rows' strategies and creatives must be the licensee's (others are simply not found) and of one advertiser; dictionaries must hold the rest. */
async function checkReferences(db: TenantTx, rows: DeliveryRow[]): Promise<{ issues: Issue[]; strategies: Map<number, { advertiserId: number; campaignId: number }> }> {
  const [strategies, creatives, sites, apps, aggregators] = await Promise.all([
    db.strategy.findMany({ where: { id: { in: distinct(rows.map((r) => r.strategyId)) } }, select: { id: true, advertiserId: true, campaignId: true } }),
    db.creative.findMany({ where: { id: { in: distinct(rows.map((r) => r.creativeId)) } }, select: { id: true, advertiserId: true } }),
    db.inventorySite.findMany({ where: { id: { in: distinct(rows.map((r) => r.siteId)) } }, select: { id: true } }),
    db.inventoryApp.findMany({ where: { id: { in: distinct(rows.map((r) => r.appId)) } }, select: { id: true } }),
    db.aggregator.findMany({ where: { id: { in: distinct(rows.map((r) => r.aggregatorId)) } }, select: { id: true } }),
  ]);
  const strategy = new Map(strategies.map((s) => [s.id, s]));
  const creative = new Map(creatives.map((c) => [c.id, c.advertiserId]));
  const site = new Set(sites.map((s) => s.id));
  const app = new Set(apps.map((a) => a.id));
  const aggregator = new Set(aggregators.map((a) => a.id));
  const issues: Issue[] = [];
  rows.forEach((r, i) => {
    const s = strategy.get(r.strategyId);
    if (!s) issues.push({ row: i, field: "strategyId", message: M.unknownStrategy });
    const advertiserId = creative.get(r.creativeId);
    if (advertiserId === undefined) issues.push({ row: i, field: "creativeId", message: M.unknownCreative });
    else if (s && advertiserId !== s.advertiserId) issues.push({ row: i, field: "creativeId", message: M.creativeOfOtherAdvertiser });
    if (r.siteId !== null && !site.has(r.siteId)) issues.push({ row: i, field: "siteId", message: M.unknownSite });
    if (r.appId !== null && !app.has(r.appId)) issues.push({ row: i, field: "appId", message: M.unknownApp });
    if (r.aggregatorId !== null && !aggregator.has(r.aggregatorId)) issues.push({ row: i, field: "aggregatorId", message: M.unknownAggregator });
  });
  return { issues, strategies: strategy };
}

const refusal = (issues: Issue[], rowCount: number) => rowsRefusal(issues, rowCount, MAX_LISTED_PROBLEMS);

export type DeliveryResult = z.infer<typeof DeliveryResultSchema>;

/**
 * Validates and applies one batch for the caller's licensee; throws the
 * refusal (400) when any row is bad. Its REST operation is declared a write,
 * so the router has refused read-only callers before the body was read; the
 * simulator's job acts for the licensee itself.
 */
export async function ingestDelivery(ctx: SessionContext, body: unknown, now: Date = new Date()): Promise<DeliveryResult> {
  const { rows } = DeliveryBatchSchema.parse(body);
  const { parsed, issues } = parseRows(rows, now);
  if (issues.length) throw refusal(issues, rows.length);
  const db = tenantDb(ctx);
  const refs = await checkReferences(db, parsed);
  if (refs.issues.length) throw refusal(refs.issues, rows.length);
  const started = Date.now();
  // Its time grows with the batch and the table: 30 s plus 1 ms a row (capped by a setting).
  const result = await withBatchTime(parsed.length, INGEST_MS_PER_ROW, (timeout) =>
    db.$transaction((tx) => applyDeliveryRows(tx, parsed, refs.strategies), { timeout, maxWait: 30_000 }),
  );
  log.info("delivery: batch applied", { licenseeId: ctx.licenseeId, rows: parsed.length, ...result, ms: Date.now() - started });
  return { rows: parsed.length, ...result };
}
