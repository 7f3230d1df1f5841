// npm run bench builds its year of delivery by SQL (bench/bulk-facts.ts), not
// through ingestion: here, on a small world, the bulk path and ingestDelivery
// (lib/delivery/ingest.ts) are given the same facts on two copies of one
// database and must leave the same rows in every table — the facts, every
// rollup and running total their triggers keep (whatever tables a migration
// adds), the change rows the caches read — so the benchmark measures the
// world production ingestion would leave.
import { installDatabase, retireDatabase } from "@/lib/db";
import type { DatabaseHandle, RawSql } from "@/lib/db/connect";
import { ingestDelivery } from "@/lib/delivery/ingest";
import { copyTestDatabase, createTestDatabase } from "../helpers/db";
import { ctxFor } from "../helpers/factories";
import { buildEntities, DAY_MS, type WorldSize } from "../../bench/world";
import { buildKolkataBoundary, bulkDeliveryDays, ingestionRows } from "../../bench/bulk-facts";

const SIZE: WorldSize = { scale: 0, strategies: 4, campaigns: 2, creatives: 3, sites: 10, apps: 10, days: 2 };
const END = new Date("2026-03-04T00:00:00Z");
const START = new Date(END.getTime() - SIZE.days * DAY_MS);

/**
 * Every public table's rows as JSON text, read in one statement. In the
 * delivery tables a surrogate key a sequence fills in insertion order
 * (DeliveryHourly.id) is left out (the rows it names are compared), and a
 * bookkeeping instant (millisecond timestamps such as DeliveryBoundary's
 * requestedAt and builtAt; delivery's own hours are whole seconds) is
 * compared as set or not.
 */
async function tableRows(raw: RawSql, before: Map<string, string>): Promise<Map<string, string>> {
  const columns = await raw.query<{ t: string; c: string; d: string | null; stamp: boolean }>(
    `SELECT c.table_name AS t, c.column_name AS c, c.column_default AS d, (c.data_type LIKE 'timestamp%' AND c.datetime_precision > 0) AS stamp
     FROM information_schema.columns c
     JOIN pg_tables p ON p.schemaname = c.table_schema AND p.tablename = c.table_name
     WHERE c.table_schema = 'public' AND c.table_name <> '_prisma_migrations' ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = [...new Set(columns.map((c) => c.t))];
  const parts = tables.map((t) => {
    const delivery = t.startsWith("Delivery");
    const kept = columns
      .filter((c) => c.t === t && !(delivery && c.d?.startsWith("nextval(")))
      .map((c) => (delivery && c.stamp ? `("${c.c}" IS NOT NULL) AS "${c.c}"` : `"${c.c}"`));
    // Change rows name transactions (xids): which licensees the delivery's transactions recorded is what must agree.
    const rows =
      t === "DataChange"
        ? `SELECT coalesce(json_agg(DISTINCT "licenseeId" ORDER BY "licenseeId"), '[]')::text FROM "DataChange" WHERE "xid" > ${before.get("xid") ?? 0}`
        : `SELECT coalesce(json_agg(r ORDER BY r::text), '[]')::text FROM (SELECT ${kept.join(", ")} FROM "${t}") r`;
    return `SELECT '${t}' AS t, (${rows}) AS j`;
  });
  const rows = await raw.query<{ t: string; j: string }>(parts.join(" UNION ALL "));
  return new Map(rows.map((r) => [r.t, r.j]));
}

const maxXid = async (raw: RawSql) => new Map([["xid", String((await raw.query<{ x: string | null }>(`SELECT max("xid")::text AS x FROM "DataChange"`))[0].x ?? 0)]]);

describe("the bench world's bulk build", () => {
  let bulk: DatabaseHandle;
  let ingested: DatabaseHandle;

  beforeAll(async () => {
    bulk = await createTestDatabase();
  });
  afterAll(async () => {
    retireDatabase();
    await bulk?.close();
    await ingested?.close();
  });

  it("leaves every table as ingestDelivery leaves it for the same facts", async () => {
    installDatabase(bulk);
    const ids = await buildEntities(bulk.prisma, SIZE, END, { referenceData: false });
    // The same database twice: entities, dictionaries and boundary hours identical, ids included.
    ingested = await copyTestDatabase(bulk);
    const before = await maxXid(bulk.raw);
    expect(await maxXid(ingested.raw)).toEqual(before);

    // The bulk path: the days, then Asia/Kolkata's running totals in one pass.
    await bulkDeliveryDays(bulk.raw, { advertiserId: ids.advertiserId, from: START, days: SIZE.days });
    await buildKolkataBoundary(bulk.raw);

    // Production: the boundary registered (an Indian user) and built long before, kept by the triggers at each batch.
    await buildKolkataBoundary(ingested.raw);
    installDatabase(ingested);
    const ctx = await ctxFor(ids.userId, ids.licenseeId);
    // A day a batch, in time order, as hourly feeds arrive.
    for (let d = 0; d < SIZE.days; d++) {
      const from = new Date(START.getTime() + d * DAY_MS);
      const rows = await ingestionRows(ingested.raw, { advertiserId: ids.advertiserId, from, to: new Date(from.getTime() + DAY_MS) });
      expect(rows).toHaveLength(SIZE.strategies * 24);
      const result = await ingestDelivery(ctx, { rows }, END);
      expect(result).toMatchObject({ rows: rows.length, inserted: rows.length, replaced: 0 });
    }

    const [a, b] = [await tableRows(bulk.raw, before), await tableRows(ingested.raw, before)];
    expect([...a.keys()]).toEqual([...b.keys()]);
    const differing = [...a.keys()].filter((t) => a.get(t) !== b.get(t));
    expect(differing).toEqual([]);
    // Equal above; filled here, so an empty world could not pass (tables only a contended writer fills, such as a pending queue, may be empty).
    for (const t of ["DeliveryHourly", "DeliveryStrategyHourly", "DeliveryStrategyDaily", "DeliveryStrategyRunning", "DeliveryRunningFirst", "DeliveryBoundary", "DeliveryScopeRollup"]) {
      expect(a.get(t) ?? "[]").not.toBe("[]");
    }
    expect(JSON.parse(a.get("DeliveryHourly")!)).toHaveLength(SIZE.strategies * SIZE.days * 24);
    expect(JSON.parse(a.get("DataChange")!)).toContain(ids.licenseeId);
    const running = JSON.parse(a.get("DeliveryStrategyRunning")!) as Array<{ boundaryHour: number }>;
    expect(new Set(running.map((r) => r.boundaryHour))).toEqual(new Set([0, 19]));
  });
});
