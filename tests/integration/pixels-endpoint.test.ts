// The public pixel endpoint (app/api/px/[pixelId]) on the test database: a
// fire of an active pixel is recorded with its optional value and order id;
// unknown, malformed, inactive and archived ids record nothing; every request
// gets the same uncacheable answer, a GIF or for ?t=js a tiny script; a fire
// naming its user (?uid=) stores a user event for audiences under keys only.
import { GET, HEAD } from "@/app/api/px/[pixelId]/route";
import { db } from "@/lib/db";
import { DEFAULT_FIRE_EVENT, fireUserOf, parseFire } from "@/lib/pixels/fire";
import { userKeyOf } from "@/lib/audiences/identifiers";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const fire = (id: string, query = "") =>
  GET(new Request(`http://localhost:3000/api/px/${id}${query}`), { params: Promise.resolve({ pixelId: id }) });

async function pixel(overrides: Parameters<typeof f.makePixel>[1] = {}) {
  const t = await f.makeTenant("RW");
  return f.makePixel(await f.makeAdvertiser(t.licensee.id), overrides);
}

async function expectGif(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/gif");
  expect(res.headers.get("cache-control")).toContain("no-store");
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 6).toString()).toBe("GIF89a");
  expect(bytes).toHaveLength(42);
}

test("records a fire of an active pixel, with value and order id, and answers a transparent GIF", async () => {
  const p = await pixel();
  const before = Date.now();
  await expectGif(await fire(p.publicKey, "?value=49.99&order_id=ORDER-1001"));
  await expectGif(await fire(p.publicKey));
  const rows = await db.pixelFire.findMany({ where: { pixelId: p.id }, orderBy: { id: "asc" } });
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ orderId: "ORDER-1001" });
  expect(rows[0].value?.toString()).toBe("49.99");
  expect(rows[0].firedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  expect(rows[1]).toMatchObject({ value: null, orderId: null });
});

test("?t=js answers a tiny script, also uncacheable", async () => {
  const p = await pixel();
  const res = await fire(p.publicKey, "?t=js&value=&order_id=");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
  expect(res.headers.get("cache-control")).toContain("no-store");
  expect((await res.text()).length).toBeLessThan(20);
  expect(await db.pixelFire.count({ where: { pixelId: p.id } })).toBe(1);
});

test("unknown, malformed, inactive and archived ids record nothing and get the same answer", async () => {
  const inactive = await pixel({ active: false });
  const archived = await pixel({ isArchived: true });
  const ids = [inactive.publicKey, archived.publicKey, String(archived.id + 1000), "0", "-1", "abc", "1.5", "99999999999", "2147483648", "1e3"];
  for (const id of ids) await expectGif(await fire(id, "?value=1"));
  expect(await db.pixelFire.count()).toBe(0);
  const js = await fire("abc", "?t=js");
  expect(js.status).toBe(200);
  expect(js.headers.get("content-type")).toContain("javascript");
});

test("malformed optional fields are dropped, the fire still counts", async () => {
  const p = await pixel();
  const long = "x".repeat(129);
  for (const q of ["?value=abc", "?value=-5", "?value=1.1234567", "?value=1e5", `?order_id=${long}`, "?order_id=a%0Ab"]) {
    await expectGif(await fire(p.publicKey, q));
  }
  const rows = await db.pixelFire.findMany({ where: { pixelId: p.id } });
  expect(rows).toHaveLength(6);
  expect(rows.every((r) => r.value === null && r.orderId === null)).toBe(true);
  await fire(p.publicKey, `?value=999999999.123456&order_id=${"y".repeat(128)}`);
  const last = await db.pixelFire.findFirstOrThrow({ where: { pixelId: p.id }, orderBy: { id: "desc" } });
  expect(last.value?.toString()).toBe("999999999.123456");
  expect(last.orderId).toHaveLength(128);
});

test("HEAD answers without recording", async () => {
  const p = await pixel();
  const res = HEAD(new Request(`http://localhost:3000/api/px/${p.publicKey}`, { method: "HEAD" }));
  expect(res.status).toBe(200);
  expect(await db.pixelFire.count()).toBe(0);
});

test("parseFire", () => {
  const q = (s: string) => new URLSearchParams(s);
  expect(parseFire("12", q("value=0&order_id= A-1 "))).toEqual({ pixel: { id: 12 }, value: "0", orderId: "A-1" });
  expect(parseFire("12", q(""))).toEqual({ pixel: { id: 12 }, value: null, orderId: null });
  expect(parseFire("012", q(""))).toEqual({ pixel: { id: 12 }, value: null, orderId: null });
  expect(parseFire("Qm9vdHN0cmFwX2tleV8xMg", q(""))).toEqual({ pixel: { publicKey: "Qm9vdHN0cmFwX2tleV8xMg" }, value: null, orderId: null });
  expect(parseFire("0", q(""))).toBeNull();
  expect(parseFire("12a", q(""))).toBeNull();
});

test("a fire with ?uid= stores a user event for audiences under the id's key only (never the id), with its event and page", async () => {
  const p = await pixel();
  const inactive = await pixel({ active: false });
  const page = "https://shop.example/cart?item=7";
  const withUser = (id: string, query: string) =>
    GET(new Request(`http://localhost:3000/api/px/${id}${query}`, { headers: { referer: page } }), { params: Promise.resolve({ pixelId: id }) });
  await expectGif(await withUser(p.publicKey, "?uid=ABC-123-Device&event=Add_To_Cart&ref=https%3A%2F%2Fsearch.example%2F"));
  await expectGif(await withUser(p.publicKey, "?uid=ABC-123-Device&event=bad%20event&url=javascript%3Aalert(1)"));
  await expectGif(await withUser(inactive.publicKey, "?uid=someone-else"));
  await expectGif(await fire(p.publicKey, "?value=1"));
  const events = await db.userEvent.findMany({ orderBy: { id: "asc" } });
  expect(events.map((e) => [e.advertiserId, e.identifierType, e.userKey, e.event, e.pageUrl, e.referrerUrl])).toEqual([
    [p.advertiserId, "ADID", userKeyOf("abc-123-device", "ADID"), "add_to_cart", page, "https://search.example/"],
    // A malformed event name falls back to the default; a non-http url to the Referer.
    [p.advertiserId, "ADID", userKeyOf("abc-123-device", "ADID"), DEFAULT_FIRE_EVENT, page, null],
  ]);
  expect(JSON.stringify(events, (_k, v) => (typeof v === "bigint" ? String(v) : v)).toLowerCase()).not.toContain("abc-123");
});

test("the client's address is a second key, for IP backfill audiences; nothing without any key", () => {
  const headers = new Headers();
  const user = fireUserOf(new URLSearchParams("uid=dev-1"), headers, "203.0.113.9");
  expect(user?.keys).toEqual([
    { userKey: userKeyOf("dev-1", "ADID"), identifierType: "ADID" },
    { userKey: userKeyOf("203.0.113.9", "IP"), identifierType: "IP" },
  ]);
  expect(fireUserOf(new URLSearchParams("uid=" + "x".repeat(129)), headers, null)).toBeNull();
});
