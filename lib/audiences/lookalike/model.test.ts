// The look-alike model on a hand-made dataset: feature vectors, cosine
// similarity to the seed's centroid, the size rule and the failure reasons.
import { buildLookAlike, centroid, cosine, featureVector, lookAlikeCount, LOOKALIKE_FAILURE, MIN_SEED_USERS, normalize, type UserActivity } from "./model";

const NOW = new Date("2026-11-20T00:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const user = (userKey: string, events: Record<string, number>, os: string, country: string, lastDaysAgo = 0): UserActivity => {
  const total = Object.values(events).reduce((a, b) => a + b, 0);
  return { userKey, events: new Map(Object.entries(events)), os: new Map([[os, total]]), countries: new Map([[country, total]]), lastEventAt: daysAgo(lastDaysAgo) };
};

test("a user's vector: log(1 + count) per event, OS and country shares, recency, scaled to length 1", () => {
  const v = featureVector(user("a", { install: 1, af_purchase: 3 }, "4", "IN", 30), NOW);
  const raw = [Math.log(2), Math.log(4), 1, 1, Math.exp(-1)];
  const length = Math.hypot(...raw);
  expect(v.get("event:install")).toBeCloseTo(Math.log(2) / length, 12);
  expect(v.get("event:af_purchase")).toBeCloseTo(Math.log(4) / length, 12);
  expect(v.get("os:4")).toBeCloseTo(1 / length, 12);
  expect(v.get("country:IN")).toBeCloseTo(1 / length, 12);
  expect(v.get("recency")).toBeCloseTo(Math.exp(-1) / length, 12);
  expect(Math.hypot(...v.values())).toBeCloseTo(1, 12);
});

test("cosine and centroid by hand", () => {
  const a = new Map([["x", 1]]);
  const b = new Map([["y", 1]]);
  expect(cosine(a, b)).toBe(0);
  expect(cosine(a, a)).toBeCloseTo(1, 12);
  const c = centroid([a, b]);
  expect([...c]).toEqual([["x", 0.5], ["y", 0.5]]);
  expect(cosine(a, c)).toBeCloseTo(Math.SQRT1_2, 12);
  expect(cosine(new Map(), c)).toBe(0);
  expect([...normalize(new Map([["x", 3], ["y", 4]]))]).toEqual([["x", 0.6], ["y", 0.8]]);
});

test("the size keeps the best share of the candidates, rounded up, at least one", () => {
  expect(lookAlikeCount(0, 5)).toBe(0);
  expect(lookAlikeCount(10, 1)).toBe(1);
  expect(lookAlikeCount(100, 5)).toBe(5);
  expect(lookAlikeCount(101, 5)).toBe(6);
});

describe("buildLookAlike", () => {
  // The seed: Android buyers in India, active lately.
  const seed = Array.from({ length: MIN_SEED_USERS }, (_, i) => user(`seed-${i}`, { install: 1, af_purchase: 2 + (i % 2) }, "4", "IN", i % 3));
  const buyer = user("cand-buyer", { install: 1, af_purchase: 2 }, "4", "IN", 1); // looks like the seed
  const browser = user("cand-browser", { page_view: 9 }, "3", "US", 60); // does not
  const half = user("cand-half", { install: 1, app_open: 4 }, "4", "IN", 5); // in between

  test("ranks candidates by similarity to the seed and keeps the size's share", () => {
    const result = buildLookAlike([...seed, browser, half, buyer], new Set(seed.map((s) => s.userKey)), 34, NOW);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result).toMatchObject({ seedUsers: 10, candidates: 3 });
    // ceil(3 × 34 %) = 2: the buyer first, then the half-match; the browser is left out.
    expect(result.members.map((m) => m.userKey)).toEqual(["cand-buyer", "cand-half"]);
    expect(result.members[0].score).toBeGreaterThan(0.99);
    expect(result.members[1].score).toBeLessThan(result.members[0].score);
  });

  test("ties go to the smaller user key", () => {
    const twins = [user("b-twin", { page_view: 1 }, "3", "US"), user("a-twin", { page_view: 1 }, "3", "US")];
    const result = buildLookAlike([...seed, ...twins], new Set(seed.map((s) => s.userKey)), 1, NOW);
    expect(result.ok && result.members.map((m) => m.userKey)).toEqual(["a-twin"]);
  });

  test("fails with a reason when the seed is too small or there is no one else", () => {
    const small = seed.slice(0, MIN_SEED_USERS - 1);
    expect(buildLookAlike([...small, buyer], new Set(small.map((s) => s.userKey)), 5, NOW)).toEqual({
      ok: false, reason: LOOKALIKE_FAILURE.seedTooSmall(9), seedUsers: 9, candidates: 1,
    });
    // Seed members without stored events do not count.
    expect(buildLookAlike([...small, buyer], new Set([...small.map((s) => s.userKey), "no-events"]), 5, NOW)).toMatchObject({ ok: false, seedUsers: 9 });
    expect(buildLookAlike(seed, new Set(seed.map((s) => s.userKey)), 5, NOW)).toEqual({ ok: false, reason: LOOKALIKE_FAILURE.noCandidates, seedUsers: 10, candidates: 0 });
  });
});
