// The public pixel endpoint under abuse: tags name pixels by an opaque key
// (old numeric tags still record), an order id counts once per validity
// window even when fired concurrently, values are bounded, a flooding client
// address stops being recorded (still answered with the GIF), and old fires
// are rolled into daily counts and pruned without changing 'times fired'.
import fs from "node:fs";
import path from "node:path";
import { subDays, subMonths } from "date-fns";
import { GET } from "@/app/api/px/[pixelId]/route";
import { db } from "@/lib/db";
import { createPixel } from "@/lib/pixels/mutations";
import { scopeOf } from "@/lib/data/scope";
import { getPixelDetails } from "@/lib/pixels/queries";
import { loadListView } from "@/lib/entities/lists";
import { trackingCode } from "@/lib/pixels/tracking";
import { NEW_PIXEL_VALUES } from "@/lib/pixels/schema";
import { DEFAULT_ORDER_WINDOW_SECONDS, MAX_FIRE_VALUE } from "@/lib/pixels/fire";
import { rollupCutoff, rollupOldFires } from "@/lib/pixels/rollup";
import { JOB } from "@/lib/jobs/names";
import { JOB_DEFINITIONS } from "@/lib/job-runner/definitions";
import { useTestDatabase } from "../helpers/db";
import { useEnv } from "../helpers/env";
import * as f from "../helpers/factories";

useTestDatabase();

function fire(segment: string, query = "", headers: Record<string, string> = {}) {
  return GET(new Request(`http://localhost:3000/api/px/${segment}${query}`, { headers }), {
    params: Promise.resolve({ pixelId: segment }),
  });
}

async function expectGif(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/gif");
  expect(Buffer.from(await res.arrayBuffer()).subarray(0, 6).toString()).toBe("GIF89a");
}

async function tenantPixel(overrides: Parameters<typeof f.makePixel>[1] = {}) {
  const t = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(t.licensee.id);
  const pixel = await f.makePixel(advertiser, overrides);
  return { ...t, advertiser, pixel };
}

const fires = (pixelId: number) => db.pixelFire.count({ where: { pixelId } });

describe("opaque public keys", () => {
  test("every pixel gets its own 22-character random key; the tracking code uses it and not the id", async () => {
    const { ctx, advertiser, pixel } = await tenantPixel();
    const created = await createPixel(scopeOf(ctx), advertiser.id, { ...NEW_PIXEL_VALUES, name: "Checkout", type: "VIEW_CONV", viewWindowDays: "30" });
    const keys = (await db.pixel.findMany({ select: { publicKey: true } })).map((p) => p.publicKey);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(keys).size).toBe(2);

    const { pixel: view } = await getPixelDetails(ctx, advertiser.id, created.id);
    const code = trackingCode("https://default.dsp.example", view);
    expect(code.image).toContain(`/api/px/${view.publicKey}?value=`);
    expect(code.image + code.script).not.toContain(`/api/px/${created.id}?`);
    expect(pixel.publicKey).not.toBe(view.publicKey);
  });

  test("a fire by key records; the numeric id of a pixel older than keys (installed tags) still records; a wrong key records nothing", async () => {
    // A pixel that existed when the migration ran: its tags name it by id.
    const { pixel } = await tenantPixel({ idUrlAccepted: true });
    await expectGif(await fire(pixel.publicKey, "?value=10"));
    await expectGif(await fire(String(pixel.id), "?value=20"));
    await expectGif(await fire("A".repeat(22)));
    await expectGif(await fire(pixel.publicKey.slice(0, 21)));
    const rows = await db.pixelFire.findMany({ where: { pixelId: pixel.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.value?.toString())).toEqual(["10", "20"]);
    expect(await db.pixelFire.count()).toBe(2);
  });

  test("a pixel created since keys exist answers only to its key: guessing ids records nothing", async () => {
    const { ctx, advertiser } = await tenantPixel();
    const { id } = await createPixel(scopeOf(ctx), advertiser.id, { ...NEW_PIXEL_VALUES, name: "Newer pixel", type: "CLICK_CONV", clickWindowDays: "30" });
    const created = await db.pixel.findUniqueOrThrow({ where: { id } });
    expect(created.idUrlAccepted).toBe(false);
    await expectGif(await fire(String(id)));
    expect(await fires(id)).toBe(0);
    await expectGif(await fire(created.publicKey));
    expect(await fires(id)).toBe(1);
  });

  test("the migration's statement gives existing rows distinct keys (the backfill)", async () => {
    const sql = fs.readFileSync(path.join(process.cwd(), "prisma/migrations/20261125090400_keys_pixels/migration.sql"), "utf8");
    const alter = /ALTER TABLE "Pixel" ADD COLUMN\s+"publicKey"[^;]+;/.exec(sql)?.[0];
    expect(alter).toBeDefined();
    await db.$executeRawUnsafe(`CREATE TEMP TABLE "PixelBackfill" ("id" serial PRIMARY KEY)`);
    try {
      await db.$executeRawUnsafe(`INSERT INTO "PixelBackfill" SELECT FROM generate_series(1, 50)`);
      await db.$executeRawUnsafe(alter!.replace('"Pixel"', '"PixelBackfill"'));
      const rows = await db.$queryRawUnsafe<{ publicKey: string }[]>(`SELECT "publicKey" FROM "PixelBackfill"`);
      expect(rows).toHaveLength(50);
      expect(rows.every((r) => /^[A-Za-z0-9_-]{22}$/.test(r.publicKey))).toBe(true);
      expect(new Set(rows.map((r) => r.publicKey)).size).toBe(50);
      // ...and marks every pixel that exists then as reachable by id (its installed tags).
      expect(sql).toMatch(/UPDATE "Pixel" SET "idUrlAccepted" = true;/);
    } finally {
      await db.$executeRawUnsafe(`DROP TABLE "PixelBackfill"`);
    }
  });
});

describe("order ids", () => {
  test("an order id already recorded inside the pixel's window is not counted again; other orders and pixels are", async () => {
    const { pixel, advertiser } = await tenantPixel({ type: "CLICK_CONV", clickValidityWindow: 7 * 86_400 });
    const other = await f.makePixel(advertiser);
    for (let i = 0; i < 3; i++) await expectGif(await fire(pixel.publicKey, "?value=5&order_id=ORDER-1"));
    await fire(pixel.publicKey, "?order_id=ORDER-2");
    await fire(other.publicKey, "?order_id=ORDER-1");
    await fire(pixel.publicKey); // no order id: always counts
    await fire(pixel.publicKey);
    expect(await fires(pixel.id)).toBe(4);
    expect(await fires(other.id)).toBe(1);

    // The claim lasts the click window of a click pixel.
    const claim = await db.pixelFireOrder.findUniqueOrThrow({ where: { pixelId_orderId: { pixelId: pixel.id, orderId: "ORDER-1" } } });
    expect(Math.round((claim.expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(7);

    // Once the window is over, the same order id counts again (and starts a new window).
    await db.pixelFireOrder.update({ where: { pixelId_orderId: { pixelId: pixel.id, orderId: "ORDER-1" } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await fire(pixel.publicKey, "?order_id=ORDER-1");
    await fire(pixel.publicKey, "?order_id=ORDER-1");
    expect(await fires(pixel.id)).toBe(5);
  });

  test("the window follows the pixel type; without an applicable window it is the documented default", async () => {
    const { advertiser } = await tenantPixel();
    const view = await f.makePixel(advertiser, { type: "VIEW_CONV", viewValidityWindow: 3 * 86_400, clickValidityWindow: 99 * 86_400 });
    const hybrid = await f.makePixel(advertiser, { type: "HYBRID_CONV", viewValidityWindow: 2 * 86_400, clickValidityWindow: 9 * 86_400 });
    const none = await f.makePixel(advertiser, { type: "CLICK_CONV", clickValidityWindow: -1 });
    for (const p of [view, hybrid, none]) await fire(p.publicKey, "?order_id=X");
    const days = async (pixelId: number) => {
      const c = await db.pixelFireOrder.findUniqueOrThrow({ where: { pixelId_orderId: { pixelId, orderId: "X" } } });
      return Math.round((c.expiresAt.getTime() - Date.now()) / 86_400_000);
    };
    expect(await days(view.id)).toBe(3);
    expect(await days(hybrid.id)).toBe(9);
    expect(await days(none.id)).toBe(DEFAULT_ORDER_WINDOW_SECONDS / 86_400);
  });

  test("concurrent fires of one order id count once", async () => {
    const { pixel } = await tenantPixel();
    const answers = await Promise.all(Array.from({ length: 12 }, () => fire(pixel.publicKey, "?value=9.99&order_id=RACE-1")));
    for (const res of answers) expect(res.status).toBe(200);
    expect(await fires(pixel.id)).toBe(1);
    expect(await db.pixelFireOrder.count()).toBe(1);
  });
});

test("values are bounded: up to the maximum is kept; larger, negative, exponent, NaN and Infinity are dropped", async () => {
  const { pixel } = await tenantPixel();
  const kept = [String(MAX_FIRE_VALUE), "0.000001", "12.5"];
  const dropped = [`${MAX_FIRE_VALUE}.01`, "1000000001", "123456789012", "-1", "1e3", "NaN", "Infinity", "0x10", "1.1234567"];
  for (const v of [...kept, ...dropped]) await expectGif(await fire(pixel.publicKey, `?value=${encodeURIComponent(v)}`));
  const rows = await db.pixelFire.findMany({ where: { pixelId: pixel.id }, orderBy: { id: "asc" } });
  expect(rows.map((r) => r.value?.toString() ?? null)).toEqual(["1000000000", "0.000001", "12.5", ...dropped.map(() => null)]);
});

describe("per-client rate limit", () => {
  useEnv({ PIXEL_FIRE_RATE_LIMIT_PER_MINUTE: "3", TRUST_PROXY_HOPS: "1" });

  test("past the limit a client's fires are answered with the same GIF but not recorded; other clients still record", async () => {
    const { pixel } = await tenantPixel();
    const flooder = { "x-forwarded-for": "198.51.100.20" };
    for (let i = 0; i < 6; i++) await expectGif(await fire(pixel.publicKey, "", flooder));
    const js = await fire(pixel.publicKey, "?t=js", flooder);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toContain("javascript");
    expect(await fires(pixel.id)).toBe(3);

    await expectGif(await fire(pixel.publicKey, "", { "x-forwarded-for": "198.51.100.21" }));
    expect(await fires(pixel.id)).toBe(4);
  });

  test("an IPv6 client rotating addresses inside its /64 shares one limit", async () => {
    const { pixel } = await tenantPixel();
    for (let i = 1; i <= 6; i++) await expectGif(await fire(pixel.publicKey, "", { "x-forwarded-for": `2001:db8:1:2::${i.toString(16)}` }));
    expect(await fires(pixel.id)).toBe(3);
    // Another /64 is another client.
    await expectGif(await fire(pixel.publicKey, "", { "x-forwarded-for": "2001:db8:1:3::1" }));
    expect(await fires(pixel.id)).toBe(4);
  });
});

describe("rollup of old fires", () => {
  test("fires older than the 6-month window become daily counts and their rows go; totals and 'times fired' stay", async () => {
    const { ctx, advertiser, pixel } = await tenantPixel();
    const other = await f.makePixel(advertiser);
    const now = new Date("2026-09-15T12:00:00Z");
    const oldDay = subMonths(now, 8);
    const at = (d: Date, hour: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour));
    const rows = [
      { pixelId: pixel.id, firedAt: at(oldDay, 1), value: "10.5" },
      { pixelId: pixel.id, firedAt: at(oldDay, 23), value: "2" },
      { pixelId: pixel.id, firedAt: at(subDays(oldDay, 1), 5), value: null },
      { pixelId: other.id, firedAt: at(oldDay, 3), value: "7" },
      // Inside the window: untouched.
      { pixelId: pixel.id, firedAt: subMonths(now, 1), value: "1" },
      { pixelId: pixel.id, firedAt: new Date(rollupCutoff(now).getTime() + 60_000), value: null },
    ];
    await db.pixelFire.createMany({ data: rows });
    // One claim expired, one still running.
    await db.pixelFireOrder.createMany({
      data: [
        { pixelId: pixel.id, orderId: "OLD", expiresAt: subDays(now, 1) },
        { pixelId: pixel.id, orderId: "LIVE", expiresAt: new Date(now.getTime() + 86_400_000) },
      ],
    });
    const timesFired = async () => (await getPixelDetails(ctx, advertiser.id, pixel.id, now)).performance.timesFired;
    const listed = async () => (await loadListView(ctx, "pixel", {}, { advertiserId: advertiser.id, now })).rows.map((r) => [r.id, r.cells.conversions]);
    const beforeDetails = await timesFired();
    const beforeList = await listed();
    expect(beforeDetails).toBe(1); // the cutoff+1 min fire is older than exactly 6 months

    // Small batches: the loop must carry on until every old row is moved.
    expect(await rollupOldFires(now, 2)).toEqual({ firesRolledUp: 4, claimsPruned: 1 });

    expect(await db.pixelFire.count({ where: { firedAt: { lt: rollupCutoff(now) } } })).toBe(0);
    expect(await db.pixelFire.count()).toBe(2);
    const daily = await db.pixelFireDaily.findMany({ orderBy: [{ pixelId: "asc" }, { day: "asc" }] });
    const dayText = (d: Date) => d.toISOString().slice(0, 10);
    expect(daily.map((d) => [d.pixelId, dayText(d.day), d.fires, d.valueSum.toString()])).toEqual([
      [pixel.id, dayText(subDays(oldDay, 1)), 1, "0"],
      [pixel.id, dayText(oldDay), 2, "12.5"],
      [other.id, dayText(oldDay), 1, "7"],
    ]);
    // Nothing lost: raw rows plus daily counts are every fire there was.
    const total = (await db.pixelFire.count()) + daily.reduce((n, d) => n + d.fires, 0);
    expect(total).toBe(rows.length);
    expect(await timesFired()).toBe(beforeDetails);
    expect(await listed()).toEqual(beforeList);
    expect((await db.pixelFireOrder.findMany()).map((c) => c.orderId)).toEqual(["LIVE"]);

    // A second run adds to the existing days rather than failing on them.
    await db.pixelFire.create({ data: { pixelId: pixel.id, firedAt: at(oldDay, 12), value: "0.5" } });
    expect(await rollupOldFires(now)).toEqual({ firesRolledUp: 1, claimsPruned: 0 });
    const day = await db.pixelFireDaily.findFirstOrThrow({ where: { pixelId: pixel.id, day: new Date(dayText(oldDay)) } });
    expect([day.fires, day.valueSum.toString()]).toEqual([3, "13"]);
  });

  test("the rollup is a scheduled job", () => {
    const job = JOB_DEFINITIONS.find((d) => d.name === JOB.pixelFireRollup);
    expect(job?.cron).toBe("17 3 * * *");
  });
});
