// Ingestion over HTTP, as production ingests: POST /api/v1/delivery with the
// bench user's API key, one row and batches of 100,000 rows into the full
// table; and the data change before each first load of ./pages.ts.
import { performance } from "node:perf_hooks";
import type { RawSql } from "../lib/db/connect";
import { ingestionRows, INGESTION_FIELDS } from "./bulk-facts";
import type { Figure } from "./figures";
import { percentile } from "./figures";
import { HOUR_MS, type WorldIds } from "./world";

const BATCH_ROWS = 100_000;

async function post(base: string, apiKey: string, body: string, type: string): Promise<{ ms: number; status: number; text: string }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/delivery`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": type },
    body,
    signal: AbortSignal.timeout(600_000),
  });
  const text = await res.text();
  return { ms: performance.now() - t0, status: res.status, text };
}

/**
 * The data change before each first load: a change row of the licensee, as
 * the triggers of every list table write one for each committing writer
 * (migration 20261127030000_data_changes). The read cache and the page cache
 * then hold nothing valid for the licensee, as after any feed or edit. (A
 * real one-row feed costs what "ingestion of 1 row" measures; here only the
 * caches' state matters.)
 */
export function invalidator(raw: RawSql, world: WorldIds): () => Promise<void> {
  return async () => {
    await raw.query(`INSERT INTO "DataChange" ("licenseeId", "xid") VALUES ($1, pg_current_xact_id()::text::bigint) ON CONFLICT DO NOTHING`, [world.licenseeId]);
  };
}

/** One row (the world's last hour of its first strategy, two versions in turn) as a feed sends a correction: the request timed. */
export async function measureOneRow(base: string, apiKey: string, raw: RawSql, world: WorldIds, end: Date, runs: number): Promise<Figure> {
  const last = { advertiserId: world.advertiserId, from: new Date(end.getTime() - HOUR_MS), to: end, maxStrategies: 1 };
  const bodies = await Promise.all([1, 2].map(async (salt) => JSON.stringify({ rows: await ingestionRows(raw, { ...last, salt }) })));
  const times: number[] = [];
  let firstError: string | undefined;
  for (let i = 0; i < runs; i++) {
    const r = await post(base, apiKey, bodies[i % 2], "application/json");
    if (r.status === 200) times.push(r.ms);
    else firstError ??= `${r.status}: ${r.text.slice(0, 200)}`;
  }
  return { name: "ingestion of 1 row (JSON, POST /api/v1/delivery)", p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, errors: runs - times.length, ...(firstError ? { note: `first error: ${firstError}` } : {}) };
}

const csvOf = (rows: Record<string, string>[]) => [INGESTION_FIELDS.join(","), ...rows.map((r) => INGESTION_FIELDS.map((f) => r[f] ?? "").join(","))].join("\n");

/**
 * `runs` batches of 100,000 rows as CSV: every strategy's most recent hours
 * (as many as make 100,000 rows; further back for each batch), delivered by
 * its other creative, i.e. new facts beside the world's on the first run of a
 * database and the same facts with other values (replaced) on later runs.
 * The generation of each batch is not timed; the request is.
 */
export async function measureIngestion(
  base: string, apiKey: string, raw: RawSql, world: WorldIds, end: Date, runs: number, salt: number, log: (line: string) => void,
): Promise<Figure> {
  const strategies = world.strategyIds.length;
  const hours = Math.ceil(BATCH_ROWS / strategies);
  const windows = Math.max(1, Math.floor((365 * 24) / hours) - 1);
  const times: number[] = [];
  let errors = 0;
  let inserted = 0;
  let replaced = 0;
  let firstError: string | undefined;
  for (let i = 0; i < runs; i++) {
    const to = new Date(end.getTime() - (i % windows) * hours * HOUR_MS);
    const rows = (await ingestionRows(raw, { advertiserId: world.advertiserId, from: new Date(to.getTime() - hours * HOUR_MS), to, creativeShift: 1, salt: salt + i })).slice(0, BATCH_ROWS);
    const r = await post(base, apiKey, csvOf(rows), "text/csv");
    log(`  batch ${i + 1}/${runs}: ${r.status} in ${(r.ms / 1000).toFixed(1)} s ${r.status === 200 ? r.text.slice(0, 120) : r.text.slice(0, 300)}`);
    if (r.status !== 200) {
      errors++;
      firstError ??= `${r.status} after ${(r.ms / 1000).toFixed(1)} s: ${r.text.slice(0, 200)}`;
      continue;
    }
    const answer = (JSON.parse(r.text) as { respObject: { rows: number; inserted: number; replaced: number } }).respObject;
    inserted += answer.inserted;
    replaced += answer.replaced;
    times.push(r.ms);
  }
  const [{ n }] = await raw.query<{ n: string }>(`SELECT count(*)::text AS n FROM "DeliveryHourly"`);
  return {
    name: `ingestion of ${BATCH_ROWS.toLocaleString("en-US")} rows (CSV, POST /api/v1/delivery)`,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    n: times.length,
    errors,
    note:
      `${strategies} strategies x ${hours} hours a batch; ${inserted.toLocaleString("en-US")} facts inserted, ${replaced.toLocaleString("en-US")} replaced; ` +
      `${Number(n).toLocaleString("en-US")} facts after${firstError ? `; first error: ${firstError}` : ""}`,
  };
}
