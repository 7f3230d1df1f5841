/** @jest-environment node */
// VAST summaries from the committed fixtures, inline (no network): version,
// ads, duration, media files, tracking events, VPAID; and the messages of tags
// that cannot be used.
import fs from "node:fs";
import path from "node:path";
import { verifyVideoAdTag, VAST_MESSAGES } from "./vast";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../../../tests/fixtures/creatives/vast", name), "utf8");

test("a VAST 4 inline tag is summarised", async () => {
  expect(await verifyVideoAdTag(fixture("vast4-inline.xml"))).toEqual({
    ok: true,
    summary: {
      version: "4.0",
      adCount: 1,
      durationSeconds: 15,
      mediaFiles: [
        { url: "https://cdn.example.com/spring-640x360.mp4", type: "video/mp4", width: 640, height: 360, bitrateKbps: 500, apiFramework: null },
        { url: "https://cdn.example.com/spring-1280x720.webm", type: "video/webm", width: 1280, height: 720, bitrateKbps: null, apiFramework: null },
      ],
      trackingEvents: ["complete", "firstQuartile", "midpoint", "start", "thirdQuartile"],
      isVpaid: false,
    },
  });
});

test("a VPAID media file marks the tag as VPAID", async () => {
  const result = await verifyVideoAdTag(fixture("vast-vpaid.xml"));
  expect(result).toMatchObject({ ok: true, summary: { version: "3.0", durationSeconds: 30, isVpaid: true, trackingEvents: ["start"] } });
});

test("an empty VAST has no ads", async () => {
  expect(await verifyVideoAdTag(fixture("vast-empty.xml"))).toEqual({ ok: false, message: VAST_MESSAGES.noAds });
});

test("an inline ad without media files is refused", async () => {
  const tag = fixture("vast4-inline.xml").replace(/<MediaFiles>[\s\S]*<\/MediaFiles>/, "<MediaFiles></MediaFiles>");
  expect(await verifyVideoAdTag(tag)).toEqual({ ok: false, message: VAST_MESSAGES.noMediaFiles });
});

test.each([
  ['<VAST version="4.0"><Ad>', VAST_MESSAGES.invalidXml],
  ["<html><body>hello</body></html>", VAST_MESSAGES.notVast],
])("XML that is not usable VAST says why: %s", async (tag, message) => {
  expect(await verifyVideoAdTag(tag)).toEqual({ ok: false, message });
});

test("a wrapper's link is fetched through the address guard: a loopback host is refused without a connection", async () => {
  const tag = fixture("vast-wrapper.xml").replace("vast4-inline.xml", "http://127.0.0.1:9/vast.xml");
  const result = await verifyVideoAdTag(tag);
  expect(result).toEqual({ ok: false, message: VAST_MESSAGES.wrapperFailed("The host 127.0.0.1 is not allowed: it is not a public internet address") });
});
