import { BoundedTokenBuckets } from "./memory";

test("a key gets `perMinute` requests at once, then one more per 60/perMinute seconds", () => {
  let now = 1_000_000;
  const buckets = new BoundedTokenBuckets({ perMinute: 3, maxKeys: 10, now: () => now });
  expect([1, 2, 3, 4].map(() => buckets.take("a"))).toEqual([true, true, true, false]);
  expect(buckets.take("b")).toBe(true); // keys are independent
  now += 19_000;
  expect(buckets.take("a")).toBe(false);
  now += 1_000; // 20 s: one token back
  expect(buckets.take("a")).toBe(true);
  expect(buckets.take("a")).toBe(false);
  now += 10 * 60_000; // never more than the capacity
  expect([1, 2, 3, 4].map(() => buckets.take("a"))).toEqual([true, true, true, false]);
});

test("memory stays bounded: past maxKeys the least recently used key is forgotten", () => {
  const buckets = new BoundedTokenBuckets({ perMinute: 1, maxKeys: 10_000, now: () => 0 });
  expect(buckets.take("hot")).toBe(true);
  for (let i = 0; i < 50_000; i++) {
    buckets.take(`10.0.${i >> 8}.${i & 255}`);
    if (i % 1000 === 0) {
      buckets.take("hot"); // kept recent: still limited
      expect(buckets.size).toBeLessThanOrEqual(10_000);
    }
  }
  expect(buckets.size).toBe(10_000);
  expect(buckets.take("hot")).toBe(false);
  // An address not seen for long was forgotten and starts with a full bucket.
  expect(buckets.take("10.0.0.1")).toBe(true);
});
