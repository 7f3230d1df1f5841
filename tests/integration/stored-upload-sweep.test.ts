// The hourly sweep of stored uploads nobody saved: of every kind (a creative's
// file, an HTML5 archive's folder, a converted video, logos, fallback and
// overlay images) exactly the folders that are old enough and that no row
// refers to are deleted; every reference (creative key or URL, tag,
// properties, the image library active or not, the advertiser's logo and
// dynamic video files, settings, themes; any licensee) keeps its files, and so
// does every key of another shape. A row saved while the sweep runs keeps its
// files too.
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { JOB } from "@/lib/jobs/names";
import { JOB_DEFINITIONS } from "@/lib/job-runner/definitions";
import { fileUrl, newObjectKey, storage } from "@/lib/storage";
import { newImageKey } from "@/lib/images/files";
import { sweepUnreferencedUploads } from "@/lib/uploads/unreferenced-files";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { useTestStorage } from "../helpers/storage";

useTestDatabase();
const { dir, storedFiles } = useTestStorage("stored-upload-sweep-");

const HOUR = 3_600_000;
const NOW = new Date();

/** Stores `key` last written `hoursAgo` hours ago. */
async function stored(key: string, hoursAgo: number): Promise<string> {
  await storage().put(key, new Uint8Array([1, 2, 3]));
  const when = new Date(NOW.getTime() - hoursAgo * HOUR);
  fs.utimesSync(path.join(dir, key), when, when);
  return key;
}

const creativeKey = (a: { id: number; licenseeId: number }, name: string) => newObjectKey(["creatives", a.licenseeId, a.id], name);
const folderOf = (key: string) => key.slice(0, key.lastIndexOf("/"));

async function seed() {
  const { licensee, advertiser } = await f.makeTenantWithAdvertiser();
  const other = await f.makeTenantWithAdvertiser();
  const a = advertiser;
  const keep: string[] = [];
  const gone: string[] = [];

  // Creative files: referenced by key, by URL only (a converted video), from another licensee's row, in properties, in an ad tag, in the VAST summary.
  const byKey = await stored(creativeKey(a, "banner.png"), 72);
  await f.makeCreative(a, { storageKey: byKey, fileUrl: fileUrl(byKey) });
  const archived = await stored(creativeKey(a, "old.png"), 72);
  await f.makeCreative(a, { storageKey: archived, isArchived: true });
  const converted = await stored(creativeKey(a, "video.mp4"), 72);
  await f.makeCreative(a, { type: "VIDEO", fileUrl: fileUrl(converted) });
  const elsewhere = await stored(creativeKey(a, "shared.png"), 72);
  await f.makeCreative(other.advertiser, { fileUrl: `https://console.example.com${fileUrl(elsewhere)}` });
  const inProperties = await stored(creativeKey(a, "macro.png"), 72);
  await f.makeCreative(a, { type: "DYNAMIC_MACRO", properties: { images: [{ url: fileUrl(inProperties) }] } });
  const inTag = await stored(creativeKey(a, "tag.png"), 72);
  await f.makeCreative(a, { type: "THIRD_PARTY_AD_TAGS", adTag: `<img src="${fileUrl(inTag)}">` });
  const inVast = await stored(creativeKey(a, "vast.mp4"), 72);
  await f.makeCreative(a, { type: "THIRD_PARTY_VIDEO_AD_TAGS", vastSummary: { mediaFiles: [{ url: fileUrl(inVast) }] } });
  keep.push(byKey, archived, converted, elsewhere, inProperties, inTag, inVast);

  // HTML5 archives: one folder per upload, kept whole while its main HTML is referred to.
  const html5 = `creatives/${a.licenseeId}/${a.id}/${crypto.randomUUID()}`;
  keep.push(await stored(`${html5}/index.html`, 72), await stored(`${html5}/css/style.css`, 72));
  await f.makeCreative(a, { type: "ZIPPED_HTML", storageKey: `${html5}/index.html`, htmlEntry: "index.html" });
  const html5Orphan = `creatives/${a.licenseeId}/${a.id}/${crypto.randomUUID()}`;
  gone.push(await stored(`${html5Orphan}/index.html`, 30), await stored(`${html5Orphan}/css/style.css`, 30), await stored(`${html5Orphan}/img/a/b.png`, 30));

  // Creative files nobody saved: old ones go, a young one stays, a folder with one young object stays whole.
  gone.push(await stored(creativeKey(a, "abandoned.png"), 25), await stored(creativeKey(other.advertiser, "abandoned.mp4"), 500));
  keep.push(await stored(creativeKey(a, "just-uploaded.png"), 23));
  const mixed = `creatives/${a.licenseeId}/${a.id}/${crypto.randomUUID()}`;
  keep.push(await stored(`${mixed}/index.html`, 48), await stored(`${mixed}/late.css`, 1));

  // Images: the library (active or soft-deleted), the advertiser's logo and dynamic video files, settings, themes.
  const logo = await stored(newImageKey(a.licenseeId, a.id, "LOGO", "logo.png"), 72);
  const deletedFallback = await stored(newImageKey(a.licenseeId, a.id, "FALLBACK", "fallback.png"), 72);
  await db.appSetting.createMany({
    data: [
      { licenseeId: a.licenseeId, advertiserId: a.id, key: "LOGO_LINK", value: fileUrl(logo), name: "logo.png" },
      { licenseeId: a.licenseeId, advertiserId: a.id, key: "FALLBACK_IMG_LINK", value: fileUrl(deletedFallback), name: "fallback.png", active: false },
    ],
  });
  const advertiserLogo = await stored(newImageKey(a.licenseeId, a.id, "LOGO", "header.png"), 72);
  const videoFile = await stored(creativeKey(a, "dynamic.mp4"), 72);
  await db.advertiser.update({ where: { id: a.id }, data: { logoUrl: fileUrl(advertiserLogo), dynamicVideo: { templateId: "t1", videoFile: fileUrl(videoFile) } } });
  const setting = await stored(newImageKey(a.licenseeId, a.id, "OVERLAY", "badge.gif"), 72);
  await db.advertiserSetting.create({ data: { licenseeId: a.licenseeId, advertiserId: a.id, key: "BADGE", type: "STRING", value: fileUrl(setting) } });
  const themeLogo = await stored(newImageKey(a.licenseeId, a.id, "LOGO", "theme.png"), 72);
  await db.theme.update({ where: { licenseeId: licensee.id }, data: { logoLg: fileUrl(themeLogo) } });
  keep.push(logo, deletedFallback, advertiserLogo, videoFile, setting, themeLogo);
  gone.push(
    await stored(newImageKey(a.licenseeId, a.id, "LOGO", "cancelled.png"), 26),
    await stored(newImageKey(a.licenseeId, a.id, "FALLBACK", "cancelled.jpg"), 26),
    await stored(newImageKey(a.licenseeId, a.id, "OVERLAY", "cancelled.gif"), 26),
  );
  keep.push(await stored(newImageKey(a.licenseeId, a.id, "OVERLAY", "fresh.gif"), 2));

  // Keys of any other shape are left alone, however old: feed uploads, exports, unknown folders and kinds.
  keep.push(
    await stored(newObjectKey(["catalog", a.licenseeId], "feed.csv"), 900),
    await stored(`exports/${a.licenseeId}/1/${crypto.randomUUID()}/strategies.csv`, 900),
    await stored(`creatives/${a.licenseeId}/${a.id}/not-a-uuid/x.png`, 900),
    await stored(`images/${a.licenseeId}/${a.id}/BANNER/${crypto.randomUUID()}/x.png`, 900),
    await stored(`creatives/${a.licenseeId}/loose.png`, 900),
  );
  return { advertiser: a, keep, gone };
}

test("exactly the old folders no row refers to are deleted, of every kind; references anywhere and other key shapes keep their files", async () => {
  const { keep, gone } = await seed();
  expect(storedFiles().sort()).toEqual([...keep, ...gone].sort());

  expect(await sweepUnreferencedUploads(NOW, db, { maxAgeMs: 24 * HOUR })).toEqual({ folders: 6, objects: gone.length });
  expect(storedFiles().sort()).toEqual([...keep].sort());
  // The emptied folders went with their objects (an HTML5 archive's sub-folders too).
  for (const key of gone) expect(fs.existsSync(path.join(dir, folderOf(key)))).toBe(false);

  // Nothing more to do: a second run deletes nothing.
  expect(await sweepUnreferencedUploads(NOW, db, { maxAgeMs: 24 * HOUR })).toEqual({ folders: 0, objects: 0 });
});

test("a creative saved while the sweep lists the store keeps its file", async () => {
  const { advertiser } = await f.makeTenantWithAdvertiser();
  const late = await stored(creativeKey(advertiser, "saved-late.png"), 30);
  const abandoned = await stored(creativeKey(advertiser, "abandoned.png"), 30);
  let reads = 0;
  const client = {
    $queryRaw: (async (...args: Parameters<typeof db.$queryRaw>) => {
      // The second read of the references comes after the listing: the save lands in between.
      if (++reads === 2) await f.makeCreative(advertiser, { storageKey: late });
      return db.$queryRaw(...args);
    }) as typeof db.$queryRaw,
  };
  expect(await sweepUnreferencedUploads(NOW, client, { maxAgeMs: 24 * HOUR })).toEqual({ folders: 1, objects: 1 });
  expect(storedFiles()).toEqual([late]);
  expect(abandoned).not.toEqual(late);
});

test("the hourly job runs the sweep with STORAGE_UNREFERENCED_MAX_AGE_HOURS (24 by default)", async () => {
  const { advertiser } = await f.makeTenantWithAdvertiser();
  const young = await stored(creativeKey(advertiser, "young.png"), 23);
  await stored(creativeKey(advertiser, "old.png"), 25);
  const job = JOB_DEFINITIONS.find((d) => d.name === JOB.storedUploadSweep);
  expect(job?.cron).toBe("41 * * * *");
  expect(await job!.run({} as never)).toEqual({ folders: 1, objects: 1 });
  expect(storedFiles()).toEqual([young]);
});
