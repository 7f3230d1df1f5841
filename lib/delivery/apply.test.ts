// How a batch is cut into statements: strategy by strategy, so the running
// totals' trigger rebuilds each strategy once, not once per chunk.
import { chunksOf } from "./apply";
import type { DeliveryRow } from "./schema";

const HOUR = 3_600_000;
const row = (strategyId: number, hour: number) =>
  ({ strategyId, hour: new Date(Date.UTC(2026, 10, 1) + hour * HOUR), creativeId: 1, siteId: null, appId: null, aggregatorId: null, country: "IN", device: "PHONE", counts: {}, amounts: {} }) as unknown as DeliveryRow;

test("a feed sent hour by hour is written strategy by strategy: 100,000 rows of 1,000 strategies, each in one chunk", () => {
  const rows: DeliveryRow[] = [];
  for (let h = 0; h < 100; h++) for (let s = 1; s <= 1_000; s++) rows.push(row(s, h));
  const chunks = chunksOf(rows);
  expect(chunks.map((c) => c.length)).toEqual(Array(10).fill(10_000));
  // Each chunk holds 100 strategies, and no strategy is in two chunks.
  const chunkOf = new Map<number, number>();
  let split = 0;
  chunks.forEach((chunk, i) => {
    expect(new Set(chunk.map((r) => r.strategyId)).size).toBe(100);
    for (const r of chunk) {
      if ((chunkOf.get(r.strategyId) ?? i) !== i) split++;
      chunkOf.set(r.strategyId, i);
    }
  });
  expect(split).toBe(0);
  // Within a strategy, hour by hour; every row kept once.
  expect(chunks[0].slice(0, 3).map((r) => [r.strategyId, r.hour.getUTCHours()])).toEqual([[1, 0], [1, 1], [1, 2]]);
  expect(chunks.flat()).toHaveLength(rows.length);
  expect(new Set(chunks.flat())).toEqual(new Set(rows));
});
