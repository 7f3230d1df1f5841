// One run of `npm run simulate` for one licensee (scripts/simulate.ts): the
// last N whole UTC days and today up to the current hour, for up to M of its
// active strategies, read as the demo seed reads them (./simulate-inputs.ts),
// simulated (./simulate.ts) and sent through the ingestion API's module
// (./ingest.ts: validation, upsert on the natural key, rollup rebuild).
// Lifetime budgets count the Adv Spend delivered before the window; the
// window starts at a UTC midnight so daily budgets count the same hours as
// the seed's. Only the strategies simulated share a campaign's budgets.
import "server-only";
import type { SessionContext } from "../auth/context";
import { tenantDb } from "../data/tenant-db";
import { ingestDelivery, type DeliveryResult } from "./ingest";
import { MAX_BATCH_ROWS } from "./schema";
import { simulate, toBatchRow } from "./simulate";
import { loadSimulatedStrategies, spentBefore } from "./simulate-inputs";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface SimulateRun {
  days: number;
  strategies: number;
  seed: number;
  now: Date;
}

export async function simulateLicensee(ctx: SessionContext, run: SimulateRun): Promise<{ strategies: number; batches: DeliveryResult[] }> {
  const to = new Date(Math.floor(run.now.getTime() / HOUR_MS) * HOUR_MS);
  const from = new Date(Math.floor(run.now.getTime() / DAY_MS) * DAY_MS - run.days * DAY_MS);
  const db = tenantDb(ctx);
  const strategies = await loadSimulatedStrategies(db, { runningOnly: true, take: run.strategies });
  const rows = simulate(strategies, from, to, { seed: run.seed, spentBefore: await spentBefore(db, strategies, from) }).map(toBatchRow);
  const batches: DeliveryResult[] = [];
  for (let i = 0; i < rows.length; i += MAX_BATCH_ROWS) batches.push(await ingestDelivery(ctx, { rows: rows.slice(i, i + MAX_BATCH_ROWS) }, run.now));
  return { strategies: strategies.length, batches };
}
