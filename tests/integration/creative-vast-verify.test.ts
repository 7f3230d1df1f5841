// The 'video ad tag verify' call against a local server (FEED_ALLOW_PRIVATE_HOSTS
// lets the address guard through to 127.0.0.1): a wrapper chain is followed to
// its inline ad and summarised with the wrappers' tracking events; a chain
// that never ends, a missing document and a refused host say why; read-only
// users may not make the server fetch.
import "../helpers/action-session";
import fs from "node:fs";
import path from "node:path";
import { verifyVideoAdTagAction } from "@/lib/creatives/ad-tags/actions";
import { VAST_MESSAGES } from "@/lib/creatives/ad-tags/vast";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { requireSessionMock } from "../helpers/session-mock";
import { useLocalServer } from "../helpers/local-server";

useTestDatabase();

const FIXTURES = path.join(__dirname, "../fixtures/creatives/vast");
const requested: string[] = [];

const vast = useLocalServer((req, res) => {
  const name = new URL(req.url ?? "/", "http://x").pathname.slice(1);
  requested.push(name);
  const wrapper = fs.readFileSync(path.join(FIXTURES, "vast-wrapper.xml"), "utf8");
  // outer.xml wraps vast-wrapper.xml, which wraps the inline fixture: two levels.
  if (name === "outer.xml") return res.end(wrapper.replace("vast4-inline.xml", `${vast.base}/vast-wrapper.xml`));
  // loop.xml wraps itself: the chain never reaches an inline ad.
  if (name === "loop.xml") return res.end(wrapper.replace("vast4-inline.xml", `${vast.base}/loop.xml`));
  const file = path.join(FIXTURES, path.basename(name));
  if (!fs.existsSync(file)) return res.writeHead(404).end();
  res.setHeader("content-type", "application/xml");
  res.end(fs.readFileSync(file));
});
beforeEach(async () => {
  process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
  requested.length = 0;
  requireSessionMock.mockResolvedValue((await f.makeTenant("RW")).ctx);
});
afterEach(() => {
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
});

test("a wrapper chain is followed to the inline ad; the summary merges the wrappers' tracking events", async () => {
  const result = await verifyVideoAdTagAction({ tag: `${vast.base}/outer.xml` });
  expect(result).toEqual({
    ok: true,
    data: {
      ok: true,
      summary: expect.objectContaining({
        version: "4.0",
        adCount: 1,
        durationSeconds: 15,
        isVpaid: false,
        trackingEvents: ["complete", "firstQuartile", "midpoint", "pause", "start", "thirdQuartile"],
      }),
    },
  });
  expect(requested).toEqual(["outer.xml", "vast-wrapper.xml", "vast4-inline.xml"]);
});

test("inline XML whose wrapper points at the server is followed too", async () => {
  const tag = fs.readFileSync(path.join(FIXTURES, "vast-wrapper.xml"), "utf8").replace("vast4-inline.xml", `${vast.base}/vast-vpaid.xml`);
  expect(await verifyVideoAdTagAction({ tag })).toMatchObject({ ok: true, data: { ok: true, summary: { isVpaid: true, version: "4.0" } } });
});

test("a wrapper chain that never ends stops after a few levels", async () => {
  expect(await verifyVideoAdTagAction({ tag: `${vast.base}/loop.xml` })).toEqual({ ok: true, data: { ok: false, message: VAST_MESSAGES.wrapperTooDeep } });
  expect(requested.length).toBeLessThanOrEqual(6);
});

test("a missing document and an empty one say why", async () => {
  expect(await verifyVideoAdTagAction({ tag: `${vast.base}/nothing.xml` })).toEqual({
    ok: true,
    data: { ok: false, message: "The VAST tag could not be fetched: 127.0.0.1 answered with HTTP status 404" },
  });
  expect(await verifyVideoAdTagAction({ tag: `${vast.base}/vast-empty.xml` })).toEqual({ ok: true, data: { ok: false, message: VAST_MESSAGES.noAds } });
});

test("without the test hook the loopback host is refused and never contacted", async () => {
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
  expect(await verifyVideoAdTagAction({ tag: `${vast.base}/outer.xml` })).toEqual({
    ok: true,
    data: { ok: false, message: "The VAST tag could not be fetched: The host 127.0.0.1 is not allowed: it is not a public internet address" },
  });
  expect(requested).toEqual([]);
});

test("a tag that is neither a link nor VAST XML is a field error", async () => {
  expect(await verifyVideoAdTagAction({ tag: "file:///etc/passwd" })).toMatchObject({
    ok: false,
    status: 400,
    fieldErrors: { tag: "A video tag must be a VAST link (http:// or https://) or VAST XML" },
  });
});

test.each(["RO", "DEMO"] as const)("%s users may not make the server fetch", async (role) => {
  requireSessionMock.mockResolvedValue((await f.makeTenant(role)).ctx);
  expect(await verifyVideoAdTagAction({ tag: `${vast.base}/outer.xml` })).toMatchObject({ ok: false, status: 403 });
  expect(requested).toEqual([]);
});
