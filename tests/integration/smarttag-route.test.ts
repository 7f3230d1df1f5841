// The public smart tag route: JavaScript for a valid advertiser id, naming the
// origin it was loaded from; a GIF for ?img=1; no session and no database.
import vm from "node:vm";
import { GET } from "@/app/api/smarttag/[advertiserId]/route";
import { publicOrigin } from "@/lib/net/public-origin";

const call = (id: string, query = "", headers: Record<string, string> = { host: "acme.localhost:3000" }) =>
  GET(new Request(`http://localhost:3000/api/smarttag/${id}${query}`, { headers }), { params: Promise.resolve({ advertiserId: id }) });

test("serves the tag script for the advertiser, pointing at the console's public origin", async () => {
  const res = await call("12", "", { host: "10.0.0.5:3000", "x-forwarded-host": "acme.dsp.example", "x-forwarded-proto": "https" });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
  const js = await res.text();
  expect(js).toContain('var endpoint = "https://acme.dsp.example/api/smarttag/12";');
  expect(js).toContain("dsptag.advertiserId = 12;");
});

test("the script sends a page view, replays queued events and sends later ones", async () => {
  const js = await (await call("7")).text();
  const sent: string[] = [];
  class FakeImage {
    set src(value: string) {
      sent.push(value);
    }
  }
  const queued = Object.assign(() => {}, { q: [["event", "add_to_cart", { product_id: "p 1" }]] });
  const window: Record<string, unknown> = { location: { href: "https://shop.example/cart" }, dsptag: queued };
  vm.runInNewContext(js, { window, document: { referrer: "" }, Image: FakeImage, Date, encodeURIComponent, String, Object });
  (window.dsptag as (...args: unknown[]) => void)("event", "purchase", { value: 49.99 });
  expect(sent).toHaveLength(3);
  expect(sent[0]).toMatch(/^http:\/\/acme\.localhost:3000\/api\/smarttag\/7\?img=1&ev=page_view&u=https%3A%2F%2Fshop\.example%2Fcart/);
  expect(sent[1]).toContain("ev=add_to_cart");
  expect(sent[1]).toContain("p_product_id=p%201");
  expect(sent[2]).toContain("ev=purchase");
  expect(sent[2]).toContain("p_value=49.99");
});

test("answers a GIF for image requests and 404 for ids that cannot exist", async () => {
  const img = await call("7", "?img=1&ev=page_view&noscript=1");
  expect(img.status).toBe(200);
  expect(img.headers.get("content-type")).toBe("image/gif");
  expect(Buffer.from(await img.arrayBuffer()).subarray(0, 6).toString()).toBe("GIF89a");
  for (const id of ["0", "abc", "99999999999", "1.5"]) expect((await call(id)).status).toBe(404);
});

test("publicOrigin prefers the forwarded host and protocol", () => {
  expect(publicOrigin(new Headers({ host: "a:1" }))).toBe("http://a:1");
  expect(publicOrigin(new Headers({ host: "a:1", "x-forwarded-host": "b.example, c", "x-forwarded-proto": "https" }))).toBe("https://b.example");
  expect(publicOrigin(new Headers())).toBeNull();
  expect(publicOrigin(new Headers({ host: "bad host" }))).toBeNull();
});
