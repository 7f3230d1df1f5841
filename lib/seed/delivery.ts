// The demo delivery: the simulator's rows (lib/delivery/simulate.ts) for every
// strategy of a licensee, written by ingestion's write path below its
// validation (lib/delivery/apply.ts: upsert on the natural key, rollup rebuilt
// in the same transaction). The rows are typed and built by the simulator from
// the licensee's own strategies, creatives and dictionaries, so validating
// them again would only cost time. Strategies read as they are stored, except
// the stop time of a paused or archived one, which the database does not keep
// (the blueprint's "stopped N days ago").
import type { PrismaClient } from "../generated/prisma/client";
import { licenseeClient } from "../data/tenant";
import { applyDeliveryRows } from "../delivery/apply";
import { DEFAULT_SIMULATION_SEED, simulate } from "../delivery/simulate";
import { loadSimulatedStrategies } from "../delivery/simulate-inputs";
import type { SeededStrategy } from "./entities";

const earlier = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));

/** Simulates [from, to) for one licensee's strategies and writes it; returns the rows written. */
export async function seedDelivery(client: PrismaClient, licenseeId: number, seeded: readonly SeededStrategy[], from: Date, to: Date): Promise<number> {
  if (to <= from || seeded.length === 0) return 0;
  const db = licenseeClient(client, licenseeId);
  const stopAt = new Map(seeded.map((s) => [s.id, s.stopAt]));
  const strategies = (await loadSimulatedStrategies(db, { ids: seeded.map((s) => s.id) })).map((s) => ({ ...s, endTime: earlier(s.endTime, stopAt.get(s.id) ?? null) }));
  const rows = simulate(strategies, from, to, { seed: DEFAULT_SIMULATION_SEED });
  if (rows.length === 0) return 0;
  const owners = new Map(strategies.map((s) => [s.id, { advertiserId: s.advertiserId, campaignId: s.campaignId }]));
  await db.$transaction((tx) => applyDeliveryRows(tx, rows, owners), { timeout: 300_000, maxWait: 60_000 });
  return rows.length;
}
