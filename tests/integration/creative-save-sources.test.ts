// What saveCreatives keeps comes from the server: a stored video is re-checked
// for the set's type (an image set refuses it with the upload's message, a
// video set takes its probed facts), and a video ad tag's VAST summary is the
// one the server read, never one the browser sent.
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { scopeOf } from "@/lib/data/scope";
import { storage } from "@/lib/storage";
import { saveCreatives } from "@/lib/creatives/mutations";
import { AD_TAG_MESSAGES } from "@/lib/creatives/ad-tags/schema";
import { useTestDatabase } from "../helpers/db";
import { useTestStorage } from "../helpers/storage";
import * as f from "../helpers/factories";

useTestDatabase();
useTestStorage("creative-save-sources-");

const FIXTURES = path.join(__dirname, "../fixtures/creatives");
const ids = { kktuCode: "KKTU-1", person: "Alice Smith", erId: "ER-12345" };

test("a stored video is refused in an image set with the upload's reason, and saved with its probed facts in a video set", async () => {
  const t = await f.makeTenantWithAdvertiser();
  const key = `creatives/${t.licensee.id}/${t.advertiser.id}/u1/clip.mp4`;
  await storage().put(key, new Uint8Array(fs.readFileSync(path.join(FIXTURES, "video-800k.mp4"))));
  const imageSet = await f.makeCreativeSet(t.advertiser, { type: "IMAGE" });
  const row = { name: "Clip", width: 1, height: 1, storageKey: key, clickDestinationId: imageSet.clickDestinationId!, ...ids };
  await expect(saveCreatives(scopeOf(t.ctx), { creativeSetId: imageSet.id, type: "IMAGE", creatives: [row] })).rejects.toMatchObject({
    issues: [expect.objectContaining({ path: ["creatives", 0, "storageKey"], message: expect.stringMatching(/^unsupported type/) })],
  });
  expect(await db.creative.count()).toBe(0);

  const videoSet = await f.makeCreativeSet(t.advertiser, { type: "VIDEO" });
  const [saved] = await saveCreatives(scopeOf(t.ctx), { creativeSetId: videoSet.id, type: "VIDEO", creatives: [{ ...row, durationMs: 1, bitrateKbps: 1 }] });
  const stored = await db.creative.findUniqueOrThrow({ where: { id: saved.id } });
  expect(stored.mimeType).toBe("video/mp4");
  expect(stored.width).toBeGreaterThan(1);
  expect(stored.durationMs).toBe(1000); // the fixture is a 1 s clip
  expect(stored.bitrateKbps).toBeGreaterThan(100);
});

test("a video ad tag is verified on save: its summary is the server's; a tag that is not VAST is refused beside the tag", async () => {
  const t = await f.makeTenantWithAdvertiser();
  const set = await f.makeCreativeSet(t.advertiser, { type: "THIRD_PARTY_VIDEO_AD_TAGS" });
  const clickDestinationId = set.clickDestinationId!;
  const xml = fs.readFileSync(path.join(FIXTURES, "vast/vast4-inline.xml"), "utf8");
  const forged = { version: "9.9", adCount: 7, durationSeconds: 1, mediaFiles: [], trackingEvents: [], isVpaid: true };
  const [saved] = await saveCreatives(scopeOf(t.ctx), {
    creativeSetId: set.id,
    type: "THIRD_PARTY_VIDEO_AD_TAGS",
    creatives: [{ name: "Spring VAST", width: 640, height: 360, clickDestinationId, adTag: xml, vastSummary: forged }],
  });
  const stored = await db.creative.findUniqueOrThrow({ where: { id: saved.id } });
  expect(stored.vastSummary).toMatchObject({ version: "4.0", adCount: 1, durationSeconds: 15, isVpaid: false });

  const notVast = saveCreatives(scopeOf(t.ctx), { creativeSetId: set.id, type: "THIRD_PARTY_VIDEO_AD_TAGS", creatives: [{ name: "Bad", width: 640, height: 360, clickDestinationId, adTag: "<div>hello</div>" }] });
  await expect(notVast).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["creatives", 0, "adTag"], message: AD_TAG_MESSAGES.videoTag })] });
  const empty = fs.readFileSync(path.join(FIXTURES, "vast/vast-empty.xml"), "utf8");
  await expect(
    saveCreatives(scopeOf(t.ctx), { creativeSetId: set.id, type: "THIRD_PARTY_VIDEO_AD_TAGS", creatives: [{ name: "Empty", width: 640, height: 360, clickDestinationId, adTag: empty }] }),
  ).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["creatives", 0, "adTag"] })] });
  expect(await db.creative.count()).toBe(1);
});
