// The counters under every sign-in limit (lib/auth/counters.ts): one atomic
// statement hands out numbered slots, refuses past the limit until the window
// ends, gives slots back, and locks once however many callers race.
import { db } from "@/lib/db";
import { release, reserve, startLock, type Reserved } from "@/lib/auth/counters";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const T0 = new Date("2026-05-01T12:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const RULE = { windowMs: 60_000, limit: 5 };

test("40 parallel reservations against a limit of 5: exactly 5 slots, numbered 1 to 5", async () => {
  const results = await Promise.all(Array.from({ length: 40 }, () => reserve("k", T0, RULE)));
  const taken = results.filter((r): r is Reserved => r.ok);
  expect(taken.map((r) => r.count).sort()).toEqual([1, 2, 3, 4, 5]);
  expect(results.filter((r) => !r.ok)).toEqual(Array(35).fill({ ok: false, key: "k", retryAt: at(60), locked: false }));
  expect(await db.loginThrottle.findUnique({ where: { key: "k" } })).toMatchObject({ failures: 5 });
});

test("a window that has ended starts over; a slot given back is free again, but not in a later window", async () => {
  const first = await reserve("k", T0, RULE);
  for (let i = 0; i < 4; i++) await reserve("k", at(10), RULE);
  expect((await reserve("k", at(20), RULE)).ok).toBe(false);
  await release(first as Reserved);
  expect(await reserve("k", at(30), RULE)).toMatchObject({ ok: true, count: 5 });
  // The window ends 60 s after its first count.
  expect(await reserve("k", at(60), RULE)).toMatchObject({ ok: true, count: 1, windowStart: at(60) });
  // Giving back a slot of the old window does not touch the new one.
  await release(first as Reserved);
  expect(await db.loginThrottle.findUnique({ where: { key: "k" } })).toMatchObject({ failures: 1 });
});

test("a lock starts once for racing callers, refuses until it ends, then doubles on the next", async () => {
  const rule = { windowMs: 600_000, limit: 3, lockMs: 60_000, maxLockMs: 150_000, memoryMs: 3600_000 };
  for (let i = 0; i < 3; i++) await reserve("l", T0, rule);
  expect((await reserve("l", T0, rule)).ok).toBe(false);
  const starts = await Promise.all(Array.from({ length: 10 }, () => startLock("l", T0, rule)));
  expect(starts.filter(Boolean)).toEqual([at(60)]);
  expect(await reserve("l", at(59), rule)).toEqual({ ok: false, key: "l", retryAt: at(60), locked: true });
  expect(await reserve("l", at(60), rule)).toMatchObject({ ok: true, count: 1 });
  for (let i = 0; i < 2; i++) await reserve("l", at(61), rule);
  expect((await reserve("l", at(62), rule)).ok).toBe(false);
  expect(await startLock("l", at(62), rule)).toEqual(at(62 + 120));
  // Capped: the third lock would be 240 s, the maximum is 150 s.
  for (let i = 0; i < 3; i++) await reserve("l", at(200), rule);
  await reserve("l", at(200), rule);
  expect(await startLock("l", at(200), rule)).toEqual(at(350));
});

test("a row past its expiry counts as absent: the lock's repeat count is forgotten after its memory", async () => {
  const rule = { windowMs: 600_000, limit: 1, lockMs: 60_000, maxLockMs: 3600_000, memoryMs: 120_000 };
  await reserve("m", T0, rule);
  await reserve("m", T0, rule);
  expect(await startLock("m", T0, rule)).toEqual(at(60));
  // Lock over at 60 s, remembered until 180 s: a fresh start afterwards locks for 60 s again.
  await reserve("m", at(181), rule);
  await reserve("m", at(181), rule);
  expect(await startLock("m", at(181), rule)).toEqual(at(241));
});
