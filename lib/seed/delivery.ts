// The demo delivery: the simulator's rows (lib/delivery/simulate.ts) for every
// strategy, written by ingestion's write path below its validation
// (lib/delivery/apply.ts: upsert on the natural key, rollups in the same
// transaction). The rows are typed and built by the simulator from the
// licensee's own strategies, creatives and dictionaries, so validating them
// again would only cost time. Strategies are read as they are stored, except
// the stop time of a paused or archived one, which the database does not keep
// (the blueprint's "stopped N days ago"). A strategy whose numbers the demo
// needs exact (./optimize-boundary.ts) gets its scripted rows instead, and is
// left out of the simulation, so the others' budgets are shared as before.
//
// One transaction for all licensees. The table is empty and nothing else
// writes while the seed runs, so its foreign keys are checked once for the
// whole load (dropped and added back, which validates every row) rather than
// row by row: on PGlite that is a third of the seed's time.
import type { PrismaClient } from "../generated/prisma/client";
import { licenseeClient, runInTransaction } from "../data/tenant";
import { applyDeliveryRows } from "../delivery/apply";
import { DEFAULT_SIMULATION_SEED, simulate } from "../delivery/simulate";
import { loadSimulatedStrategies } from "../delivery/simulate-inputs";
import type { SeededStrategy } from "./entities";
import { scriptedDelivery } from "./optimize-boundary";

const earlier = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Simulates [from, to) for these licensees' strategies and writes it; returns the rows written. */
export async function seedDelivery(
  client: PrismaClient,
  licensees: readonly { licenseeId: number; strategies: readonly SeededStrategy[] }[],
  from: Date,
  to: Date,
): Promise<number> {
  if (to <= from) return 0;
  const batches = [];
  for (const { licenseeId, strategies: seeded } of licensees) {
    const db = licenseeClient(client, licenseeId);
    const stopAt = new Map(seeded.map((s) => [s.id, s.stopAt]));
    const scripted = new Map(seeded.flatMap((s) => (s.scriptedConversions === undefined ? [] : [[s.id, s.scriptedConversions] as const])));
    const strategies = (await loadSimulatedStrategies(db, { ids: seeded.map((s) => s.id) })).map((s) => ({ ...s, endTime: earlier(s.endTime, stopAt.get(s.id) ?? null) }));
    const owners = new Map(strategies.map((s) => [s.id, { advertiserId: s.advertiserId, campaignId: s.campaignId }]));
    const rows = simulate(strategies.filter((s) => !scripted.has(s.id)), from, to, { seed: DEFAULT_SIMULATION_SEED });
    for (const s of strategies) if (scripted.has(s.id)) rows.push(...scriptedDelivery(s, scripted.get(s.id)!, from, to));
    batches.push({ db, owners, rows });
  }
  const written = batches.filter((b) => b.rows.length > 0);
  if (written.length === 0) return 0;
  await client.$transaction(
    (tx) =>
      runInTransaction(tx, async () => {
        const fks = await tx.$queryRawUnsafe<{ name: string; def: string }[]>(
          `SELECT conname::text AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = '"DeliveryHourly"'::regclass AND contype = 'f' ORDER BY conname`,
        );
        if (fks.length) await tx.$executeRawUnsafe(`ALTER TABLE "DeliveryHourly" ${fks.map((f) => `DROP CONSTRAINT ${quote(f.name)}`).join(", ")}`);
        for (const b of written) await applyDeliveryRows(b.db, b.rows, b.owners);
        if (fks.length) await tx.$executeRawUnsafe(`ALTER TABLE "DeliveryHourly" ${fks.map((f) => `ADD CONSTRAINT ${quote(f.name)} ${f.def}`).join(", ")}`);
      }),
    { timeout: 600_000, maxWait: 60_000 },
  );
  return written.reduce((n, b) => n + b.rows.length, 0);
}
